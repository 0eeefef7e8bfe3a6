"""POST /batch: remark-tiles' `service` option asks the HTTP app what `tiles batch` answers."""

from __future__ import annotations

import io
import json

import pytest
from flask import Response
from werkzeug.test import EnvironBuilder, run_wsgi_app

from service.pictures.batch import Batch
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


def test_a_tiles_fence_line_is_read_as_the_cli_reads_it(client):
    """Issue 37 item 3: remark-tiles draws ```tiles fences; in service mode each line is a request too."""
    line = {"fenceLine": "1m9p*2z | Riichi", "info": "tiles river", "line": 4, "column": 3}
    r = ask(client, **line)
    assert r.status_code == 200
    local = Batch(None).answer({**line, "themes": ["light"]})
    assert {k: v for k, v in r.json.items() if k != "images"} == {k: v for k, v in local.items() if k != "images"}
    assert r.json["caption"] == "Riichi" and r.json["river"] is True
    bad = ask(client, fenceLine="4p5q | caption", info="tiles", line=5, column=6)
    assert bad.status_code == 422 and (bad.json["errors"][0]["line"], bad.json["errors"][0]["column"]) == (5, 9)
    props = ask(client, fenceLine="1m", info='tiles river="1', line=2, column=3, infoLine=1, infoColumn=3)
    assert props.status_code == 422 and props.json["errors"][0]["message"] == "in the tiles fence: string is never closed"
    assert (props.json["errors"][0]["line"], props.json["errors"][0]["column"]) == (1, 3)


@pytest.mark.parametrize("body, words", [
    ('{"fenceLine": "1m", "info": 3}', "info must be a string"),
    ('{"fenceLine": "1m", "info": "yaml"}', "info string of a tiles fence"),
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
    assert r.json["error"]["message"] == "a batch request is at most 65536 bytes"


class Endless(io.RawIOBase):
    """A chunked body as gunicorn hands it over: no Content-Length, `wsgi.input_terminated`."""

    def __init__(self, total: int):
        self.left, self.read_bytes = total, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        n = min(len(buf), self.left)
        buf[:n] = b" " * n
        self.left -= n
        self.read_bytes += n
        return n


def chunked_post(client, stream):
    environ = EnvironBuilder(path="/batch", method="POST", content_type="application/json",
                             headers={"Transfer-Encoding": "chunked"}).get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ.update({"wsgi.input": stream, "wsgi.input_terminated": True})
    body, status, headers = run_wsgi_app(client.application, environ, buffered=True)
    return Response(b"".join(body), status, headers)


def test_a_chunked_body_over_the_limit_is_413_and_read_no_further(client):
    stream = Endless(200 * 1024 * 1024)  # 200 MiB of JSON whitespace was read whole, and answered 200
    r = chunked_post(client, stream)
    assert r.status_code == 413 and r.is_json
    assert r.json["error"]["message"] == "a batch request is at most 65536 bytes"
    assert stream.read_bytes <= 2 * 65536


class Trickle(io.RawIOBase):
    """A body that arrives 1,000 bytes a read, as a socket hands it over."""

    def __init__(self, data: bytes):
        self.data = data

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        n = min(len(buf), 1000, len(self.data))
        buf[:n], self.data = self.data[:n], self.data[n:]
        return n


def test_a_body_read_in_pieces_is_read_whole(client):
    body = json.dumps({"source": '<Tiles notation="123m" />', "themes": ["light"]}).encode() + b" " * 5000
    assert chunked_post(client, Trickle(body)).status_code == 200


def test_a_chunked_body_within_the_limit_is_answered(client):
    body = json.dumps({"source": '<Tiles notation="123m" />', "themes": ["light"]}).encode()
    r = chunked_post(client, io.BytesIO(body))
    assert r.status_code == 200 and r.json["images"][0]["fetch"]["1x"].startswith("tiles/123m.png")


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


def test_only_densities_the_service_draws_are_offered(client):
    """At height 256 this hand is refused at 2x and 3x (over the cost ceiling): the answer
    offered their URLs and remark-tiles' service mode failed the build on the 400."""
    [image] = ask(client, source='<Tiles notation="11122233344455m" height="256" />').json["images"]
    assert list(image["fetch"]) == list(image["files"]) == ["1x"] and "srcSet" not in image
    assert client.get("/" + image["fetch"]["1x"]).status_code == 200
    assert client.get("/" + image["fetch"]["1x"].replace("scale=1", "scale=2")).status_code == 400
    [image] = ask(client, source='<Tiles notation="123m" height="128" />').json["images"]
    assert list(image["fetch"]) == ["1x", "2x", "3x"]  # 3x is 384 px a tile: within the ceiling
    assert all(client.get("/" + url).status_code == 200 for url in image["fetch"].values())


def test_a_river_of_many_faces_is_offered_at_the_densities_that_draw_them_in_time(client):
    """22 different faces at 2x and 3x are over the ceiling's faces (service/layout/limits.py)."""
    tag = '<Tiles river notation="1m9p*2z3s*5p8s -*4m7z*1s6p*0s2m 3p*3p9s1z 4s*6s7s*8s *9m5z" />'
    [image] = ask(client, source=tag).json["images"]
    assert list(image["fetch"]) == ["1x"]
    assert client.get("/" + image["fetch"]["1x"]).status_code == 200
    assert client.get("/" + image["fetch"]["1x"].replace("scale=1", "scale=2")).status_code == 400


def test_a_tiles_fence_line_is_answered_as_the_cli_answers_it(client):
    """Issue 37 item 4: the hello offers fence lines, so POST /batch reads them, fetch URLs and all."""
    assert "fence" in client.get("/batch").json["requests"]
    line = {"info": 'tiles river theme="dark"', "infoLine": 3, "infoColumn": 1, "fenceLine": "1m9p*2z | Riichi",
            "line": 4, "column": 1}
    r = ask(client, **line)
    assert r.status_code == 200, r.json
    local = Batch(None, fetch=True).answer({**line, "themes": ["light"]})
    assert r.json == local and (r.json["river"], r.json["caption"]) == (True, "Riichi")
    bad = ask(client, **{**line, "fenceLine": "1m9a"})
    assert bad.status_code == 422 and [(e["line"], e["column"]) for e in bad.json["errors"]] == [(4, 4)]
    assert ask(client, **{**line, "fenceLine": 3}).status_code in (400, 422)
    assert ask(client, **{**line, "infoLine": 0}).status_code == 400


@pytest.mark.parametrize("body", [
    "[" * 1000 + "]" * 1000,  # 2 KB: json.loads raised RecursionError, a 500
    '{"source": "<Tiles notation=\'1m\' />", "id": ' + "{\"a\": " * 200 + "1" + "}" * 200 + "}",
    "[" * 20000,  # not even JSON
])
def test_a_deeply_nested_body_is_a_400_with_a_message(client, body):
    """Issue 42 Operations 4."""
    r = client.post("/batch", data=body, content_type="application/json")
    assert r.status_code == 400, r.get_data(as_text=True)[:200]
    message = r.json["error"]["message"]
    assert message.startswith("the body nests objects and lists more than 16 deep (byte ")


@pytest.mark.parametrize("body, says", [
    # bench fuzz, seed 6: a UTF-8-encoded surrogate in a fence line (json.loads passes it on), a 500
    ('{"fenceLine": "1m9a \xed\xa0\x80", "info": "tiles", "infoLine": 1, "infoColumn": 1, "line": 2, "column": 1, '
     '"errorImages": true, "themes": ["light"]}'.encode("latin-1"), "the body is not UTF-8 (byte 20)"),
    (b'{"source": "<Tiles notation=\'1m\' caption=\'\\udfff\' />", "themes": ["light"]}', "lone surrogate"),
])
def test_a_body_that_is_no_text_is_a_400_with_a_message(client, body, says):
    r = client.post("/batch", data=body, content_type="application/json")
    assert r.status_code == 400, r.get_data(as_text=True)[:200]
    assert says in r.json["error"]["message"]


def test_a_surrogate_pair_escape_is_one_character(client):
    r = client.post("/batch", data=b'{"source": "<Tiles notation=\'1m\' caption=\'\\ud83c\\udc04\' />", "themes": ["light"]}',
                    content_type="application/json")
    assert r.status_code == 200, r.json
    assert r.json["caption"] == "\U0001f004"


def test_nesting_inside_strings_is_not_counted(client):
    r = ask(client, source="<Tiles notation='1m' caption='" + "[{" * 100 + "' />")
    assert r.status_code == 200, r.json
