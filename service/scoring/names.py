"""The names of the yaku and of the fu lines, in the three languages of the alt text.

Yaku are keyed by the `mahjong` package's class name (``Riichi``, ``Yakuhai`` ones by
wind or dragon); each gets ``(English, Japanese, Chinese)``. Fu lines are keyed by
our reason words, the English of the JSON.

>>> YAKU["Pinfu"]
('Pinfu', '平和', '平和')
>>> yaku_json("Riichi", 1)
{'name': 'Riichi', 'ja': '立直', 'zh': '立直', 'han': 1}
"""

from __future__ import annotations

from typing import Any

_WINDS = (("East", "東", "东"), ("South", "南", "南"), ("West", "西", "西"), ("North", "北", "北"))

YAKU: dict[str, tuple[str, str, str]] = {
    "Tsumo": ("Menzen tsumo", "門前清自摸和", "门前清自摸和"),
    "Riichi": ("Riichi", "立直", "立直"),
    "OpenRiichi": ("Open riichi", "オープン立直", "明牌立直"),
    "DaburuRiichi": ("Double riichi", "ダブル立直", "两立直"),
    "DaburuOpenRiichi": ("Double open riichi", "ダブルオープン立直", "两明牌立直"),
    "Ippatsu": ("Ippatsu", "一発", "一发"),
    "Chankan": ("Chankan", "槍槓", "抢杠"),
    "Rinshan": ("Rinshan kaihou", "嶺上開花", "岭上开花"),
    "Haitei": ("Haitei raoyue", "海底摸月", "海底摸月"),
    "Houtei": ("Houtei raoyui", "河底撈魚", "河底捞鱼"),
    "NagashiMangan": ("Nagashi mangan", "流し満貫", "流局满贯"),
    "Renhou": ("Renhou", "人和", "人和"),
    "Pinfu": ("Pinfu", "平和", "平和"),
    "Tanyao": ("Tanyao", "断幺九", "断幺九"),
    "Iipeiko": ("Iipeikou", "一盃口", "一杯口"),
    "Haku": ("Yakuhai: White", "役牌 白", "役牌 白"),
    "Hatsu": ("Yakuhai: Green", "役牌 發", "役牌 发"),
    "Chun": ("Yakuhai: Red", "役牌 中", "役牌 中"),
    **{f"SeatWind{en}": (f"Seat wind: {en}", f"自風 {ja}", f"自风 {zh}") for en, ja, zh in _WINDS},
    **{f"RoundWind{en}": (f"Round wind: {en}", f"場風 {ja}", f"场风 {zh}") for en, ja, zh in _WINDS},
    "Sanshoku": ("Sanshoku doujun", "三色同順", "三色同顺"),
    "Ittsu": ("Ittsu", "一気通貫", "一气通贯"),
    "Chantai": ("Chanta", "混全帯幺九", "混全带幺九"),
    "Honroto": ("Honroutou", "混老頭", "混老头"),
    "Toitoi": ("Toitoi", "対々和", "对对和"),
    "Sanankou": ("Sanankou", "三暗刻", "三暗刻"),
    "SanKantsu": ("Sankantsu", "三槓子", "三杠子"),
    "SanshokuDoukou": ("Sanshoku doukou", "三色同刻", "三色同刻"),
    "Chiitoitsu": ("Chiitoitsu", "七対子", "七对子"),
    "Shosangen": ("Shousangen", "小三元", "小三元"),
    "Honitsu": ("Honitsu", "混一色", "混一色"),
    "Junchan": ("Junchan", "純全帯幺九", "纯全带幺九"),
    "Ryanpeikou": ("Ryanpeikou", "二盃口", "二杯口"),
    "Chinitsu": ("Chinitsu", "清一色", "清一色"),
    "KokushiMusou": ("Kokushi musou", "国士無双", "国士无双"),
    "ChuurenPoutou": ("Chuuren poutou", "九蓮宝燈", "九莲宝灯"),
    "Suuankou": ("Suuankou", "四暗刻", "四暗刻"),
    "Daisangen": ("Daisangen", "大三元", "大三元"),
    "Shousuushii": ("Shousuushii", "小四喜", "小四喜"),
    "Ryuuiisou": ("Ryuuiisou", "緑一色", "绿一色"),
    "Suukantsu": ("Suukantsu", "四槓子", "四杠子"),
    "Tsuuiisou": ("Tsuuiisou", "字一色", "字一色"),
    "Chinroutou": ("Chinroutou", "清老頭", "清老头"),
    "Daisharin": ("Daisharin", "大車輪", "大车轮"),
    "Daichisei": ("Daichisei", "大七星", "大七星"),
    "DaiSuushii": ("Daisuushii", "大四喜", "大四喜"),
    "DaburuKokushiMusou": ("Kokushi musou, 13-sided wait", "国士無双十三面待ち", "国士无双十三面"),
    "SuuankouTanki": ("Suuankou, pair wait", "四暗刻単騎", "四暗刻单骑"),
    "DaburuChuurenPoutou": ("Junsei chuuren poutou", "純正九蓮宝燈", "纯正九莲宝灯"),
    "Tenhou": ("Tenhou", "天和", "天和"),
    "Chiihou": ("Chiihou", "地和", "地和"),
    "RenhouYakuman": ("Renhou", "人和", "人和"),
    "Sashikomi": ("Sashikomi", "差し込み", "差込"),
    "Paarenchan": ("Paarenchan", "八連荘", "八连庄"),
    "Dora": ("Dora", "ドラ", "宝牌"),
    "AkaDora": ("Red fives", "赤ドラ", "赤宝牌"),
    "UraDora": ("Ura dora", "裏ドラ", "里宝牌"),
}

# The reason of each fu line (the JSON's English), by the package's reason word or ours.
FU_REASONS: dict[str, str] = {
    "base": "base",
    "concealed_ron": "concealed ron",
    "seven_pairs": "seven pairs",
    "penchan": "edge wait",
    "kanchan": "closed wait",
    "pair_wait": "pair wait",
    "valued_pair": "pair of value tiles",
    "double_valued_pair": "pair of a double wind",
    "tsumo": "tsumo",
    "hand_without_fu": "open pinfu shape",
    "closed_pon": "concealed triplet of simples",
    "open_pon": "open triplet of simples",
    "closed_terminal_pon": "concealed triplet of terminals or honors",
    "open_terminal_pon": "open triplet of terminals or honors",
    "ron_pon": "triplet completed on a discard, of simples",
    "ron_terminal_pon": "triplet completed on a discard, of terminals or honors",
    "closed_kan": "concealed kan of simples",
    "open_kan": "open kan of simples",
    "closed_terminal_kan": "concealed kan of terminals or honors",
    "open_terminal_kan": "open kan of terminals or honors",
}


def yaku_json(key: str, han: int) -> dict[str, Any]:
    """One yaku line: ``{"name", "ja", "zh", "han"}``; a yaku we have no words for keeps its own name."""
    en, ja, zh = YAKU.get(key, (key, key, key))
    return {"name": en, "ja": ja, "zh": zh, "han": han}
