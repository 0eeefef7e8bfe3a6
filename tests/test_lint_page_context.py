"""A page's score context in its front matter (``tiles: {rules: wrc}``) for `tiles lint --check-scores`:
every tag's claim is checked under it, a tag's own props win, a bad option is an error at its place."""

from __future__ import annotations

from service.docs import lint

# 4 han 30 fu on a ron: 7,700 without kiriage (tenhou), mangan with it (wrc).
HAND = '<Tiles notation="234m567p66p234s45s+-6s" seat="S" riichi dora="1m" caption="{}" />'


def problems(tmp_path, text, name="p.mdx"):
    page = tmp_path / name
    page.write_text(text, encoding="utf-8")
    return [str(p).split(":", 1)[1] for p in lint.lint_paths([str(page)], check_scores=True)]


def test_the_front_matter_sets_the_rules_of_every_tag(tmp_path):
    body = HAND.format("Mangan") + "\n"
    assert problems(tmp_path, "---\ntitle: WRC hands\ntiles: {rules: wrc}\n---\n" + body) == []
    [said] = problems(tmp_path, "---\ntitle: Tenhou hands\n---\n" + body)
    assert said.startswith("4:") and "the caption says Mangan" in said and "4 han 30 fu · 7,700" in said


def test_a_tags_own_props_win_over_the_page(tmp_path):
    page = "---\ntiles:\n  rules: wrc\n  seat: E\n---\n" + HAND.replace(' rules="wrc"', "").format("7,700").replace(
        'seat="S"', 'seat="S" rules="tenhou"') + "\n"
    assert problems(tmp_path, page) == []
    dealer = '<Tiles notation="234789m1234566p+6p" riichi caption="1,300 all" />\n'  # the page's seat E: the dealer
    assert problems(tmp_path, "---\ntiles: {seat: E}\n---\n" + dealer) == []
    [said] = problems(tmp_path, "---\ntiles: {seat: S}\n---\n" + dealer)
    assert "700-1,300" in said


def test_a_tag_that_draws_its_card_is_checked_in_the_cards_own_context(tmp_path):
    card = HAND.replace("<Tiles ", "<Tiles score ")
    page = "---\ntiles: {rules: wrc}\n---\n"
    assert problems(tmp_path, page + card.format("7,700") + "\n") == []  # the card is drawn under tenhou
    [said] = problems(tmp_path, page + card.format("Mangan") + "\n")
    assert "4 han 30 fu · 7,700" in said


def test_a_bad_page_option_is_an_error_at_its_line_and_column_once(tmp_path):
    text = "---\ntiles:\n  rules: wrc\n  seat: X\n  theme: dark\n---\n" + HAND.format("Mangan · 8,000") * 2 + "\n"
    said = problems(tmp_path, text)
    assert said == ["4:9: seat must be E, S, W or N (the seat wind; E is the dealer), not 'X'",
                    "5:3: tiles: sets the page's score context; 'theme' is none of its options (rules, round, "
                    "seat, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, "
                    "renhou, honba, sticks, open_tanyao, red_fives, kiriage, kazoe, double_yakuman, "
                    "double_wind_fu, renhou_value, last_tile, wall_last, kong, nagashi)"]  # the good rules stand


def test_a_page_context_that_cannot_hold_for_a_tag_names_the_pages_option(tmp_path):
    said = problems(tmp_path, "---\ntiles: {haitei: true}\n---\n" + HAND.format("Mangan") + "\n")
    assert len(said) == 1 and "haitei is a win on a drawn tile" in said[0] and "(the page's tiles: haitei)" in said[0]


def test_no_check_scores_no_front_matter_check_and_plain_pages_are_untouched(tmp_path):
    page = tmp_path / "q.md"
    page.write_text("---\ntiles: {seat: X}\n---\n# Page\n", encoding="utf-8")
    assert lint.lint_paths([str(page)]) == []
    assert problems(tmp_path, "# Page\n\n---\n\ntiles: {seat: X}\n", "r.md") == []  # a rule, not front matter
    assert problems(tmp_path, "---\ntiles: [wrc]\n---\n", "s.md") == [
        "2:8: tiles: in the front matter is a mapping of score options, like {rules: wrc}"]
