"""POST /batch: remark-tiles' `service` option asks the HTTP app what `tiles batch` answers."""

from __future__ import annotations

import json

import pytest

from service.docs.batch import Batch
from service.http import create_app


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def ask(client, **body):
    return client.post("/batch", json={"themes": ["light"], **body})


def test_hello_is_the_batch_hello_in_python_order(client):
    r = client.get("/batch")
    assert r.status_code == 200 and r.headers["Cache-Control"] == "no-store"
    assert r.get_data(as_text=True) == json.dumps(Batch(None).hello(), ensure_ascii=False)


def test_answer_matches_the_cli_and_names_its_files(client):
    tag = '<Tiles notation="123m" caption="c" />'
    r = ask(client, source=tag, publicPath="/d/", themes=["light", "dark"])
    assert r.status_code == 200
    local = Batch(None, "/d/").answer({"source": tag, "themes": ["light", "dark"]})
    body = r.json
    for image, mine in zip(body["images"], local["images"]):
        assert image.pop("fetch")["3x"].startswith("tiles/123m.png?height=38&theme=")
        assert image == mine
    assert {k: v for k, v in body.items() if k != "images"} == {k: v for k, v in local.items() if k != "images"}


def test_a_fetch_url_draws_the_file_named(client):
    image = ask(client, source='<Tiles river row={4} notation="1m-2m3m" />').json["images"][0]
    png = client.get("/" + image["fetch"]["2x"])
    assert png.status_code == 200 and png.mimetype == "image/png"
    assert image["files"]["2x"].endswith("@2x.png")


def test_a_bad_tag_is_422_with_line_and_column(client):
    r = ask(client, source='<Tiles notation="123a" />', line=4, column=3, errorImages=True)
    assert r.status_code == 422
    [err] = r.json["errors"]
    assert (err["line"], err["column"]) == (4, 23)
    assert "not a suit letter" in err["message"]
    assert set(r.json["errorImage"]["data"]) == {"1x", "2x", "3x"}


def test_the_tag_name_and_blockquote_prefix_reach_the_reader(client):
    """Issue 23 items 13, 14: remark-tiles' tagName and a tag in a blockquote, in service mode."""
    r = ask(client, source='<Hand\n>   notation="12a" />', tag="Hand", prefix="> ", line=3, column=3)
    assert r.status_code == 422 and (r.json["errors"][0]["line"], r.json["errors"][0]["column"]) == (4, 17)


@pytest.mark.parametrize("body, words", [
    ("not json", "JSON object"),
    ("[1]", "JSON object"),
    ('{"themes": ["light"]}', "'source'"),
    ('{"source": "<Tiles notation=\\"1m\\" />", "themes": ["sepia"]}', "theme names"),
    ('{"source": "<Tiles notation=\\"1m\\" />", "line": 0}', "line must be"),
    ('{"source": "<Tiles notation=\\"1m\\" />", "publicPath": 3}', "publicPath"),
    ('{"source": "no tag here"}', "no <Tiles> tag"),
])
def test_a_body_that_is_no_request_is_400(client, body, words):
    r = client.post("/batch", data=body, content_type="application/json")
    assert r.status_code == 400
    assert words in r.json["error"]["message"]


def test_an_oversized_body_is_413(client):
    r = client.post("/batch", data=json.dumps({"source": "x" * 70_000}), content_type="application/json")
    assert r.status_code == 413


def test_svg_is_one_file_fetched_as_svg(client, tmp_path):
    tag = '<Tiles notation="123m" />'
    [image] = ask(client, source=tag, format="svg", publicPath="/t/").json["images"]
    assert image["src"].endswith(".svg") and list(image["files"]) == ["1x"]
    assert image["srcSet"] == f"{image['src']} 1x, {image['src']}#2x 2x"  # one file: its 2x drawing at #2x
    assert image["fetch"] == {"1x": "tiles/123m.svg?height=38&theme=light"}
    svg = client.get("/" + image["fetch"]["1x"], headers={"Accept-Encoding": "identity"})
    local = Batch(tmp_path, "/t/")
    assert local.answer({"source": tag, "themes": ["light"], "format": "svg"})["images"][0]["src"] == image["src"]
    assert (tmp_path / image["files"]["1x"]).read_bytes() == svg.data


def test_an_unknown_format_is_400(client):
    r = ask(client, source='<Tiles notation="1m" />', format="webp")
    assert r.status_code == 400 and "format must be png or svg" in r.json["error"]["message"]
