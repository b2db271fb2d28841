"""The Tabletop Simulator saved object, checked without TTS (no client runs here): the JSON
Schema of the subset genkit writes (tts_saved_object.schema.json, PyPI jsonschema), the
invariants TTS relies on, and a preview composed from the JSON (written beside the export as
tts/<game>-preview.png for a person to look at)."""
import io
import json
from pathlib import Path, PurePosixPath

import pytest
from PIL import Image

from genkit.pack.playable import load_checked

from .conftest import GAMES, ROOT, export_of

SCHEMA = json.loads((Path(__file__).parent / "tts_saved_object.schema.json").read_text())


def _load(game, tmp_path_factory, **options):
    r = export_of(game, tmp_path_factory, **options)
    folder = Path(r["path"]) / "tts"
    return json.loads((folder / f"{game}.json").read_text()), folder


def _file(folder: Path, url: str) -> Path:
    return folder / "images" / PurePosixPath(url).name


def _objects(save):
    bag = save["ObjectStates"][0]
    return bag, bag["ContainedObjects"]


@pytest.mark.parametrize("game", GAMES)
def test_schema(game, tmp_path_factory):
    from jsonschema import Draft202012Validator
    Draft202012Validator.check_schema(SCHEMA)
    save, _ = _load(game, tmp_path_factory)
    errors = sorted(Draft202012Validator(SCHEMA).iter_errors(save), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])


def test_schema_rejects_what_tts_gets_wrong(tmp_path_factory):
    """The schema has teeth: a visible-last-slot deck, a bad GUID, a stray key all fail."""
    from jsonschema import Draft202012Validator
    save, _ = _load("bering_land", tmp_path_factory)
    v = Draft202012Validator(SCHEMA)
    deck = next(o for o in _objects(save)[1] if o["Name"] == "DeckCustom")
    for break_it in (lambda s: deck["CustomDeck"]["1"].update(BackIsHidden=False),
                     lambda s: deck.update(GUID="xyz"),
                     lambda s: deck.update(Surprise=1)):
        broken = json.loads(json.dumps(save))
        deck = next(o for o in _objects(broken)[1] if o["Name"] == "DeckCustom")
        break_it(broken)
        assert not v.is_valid(broken)


@pytest.mark.parametrize("game", GAMES)
def test_invariants(game, tmp_path_factory):
    content, _ = load_checked(ROOT / "content" / game)
    save, folder = _load(game, tmp_path_factory)
    bag, objects = _objects(save)
    guids = [bag["GUID"]] + [o["GUID"] for o in objects]
    guids += [c["GUID"] for o in objects for c in o.get("ContainedObjects", [])]
    assert len(guids) == len(set(guids))
    pages = [o for o in objects if o["Name"] == "Custom_Tile" and ", page " in o["Nickname"]]
    tiles = [o for o in objects if o["Name"] == "Custom_Tile" and o not in pages]
    pieces = sum(len(g.setup) + g.reserve for g in content.counters.units) + sum(m.count for m in content.counters.markers)
    assert len(tiles) == pieces == content.game.components.pieces
    # the player aid's and the rules booklet's pages lie beside the board, a tile each (finding 14)
    assert {p["Nickname"].split(",")[0] for p in pages} == {"Player aid", "Rules of play"}
    sheets = 1 if content.map.grid is not None else len(content.map.sheets)
    assert sum(o["Name"] == "Custom_Board" for o in objects) == sheets        # one per map
    # each deck a DeckCustom, a deck of one card that card alone (TTS's decks hold two or more)
    decks = [o for o in objects if o["Name"] in ("DeckCustom", "Card")]
    assert len(decks) == len(content.decks)
    for deck in decks:
        _check_deck(deck, folder)
    assert sum(len(d.get("ContainedObjects", [d])) for d in decks) == content.game.components.cards
    for url in _urls(save):
        img = Image.open(_file(folder, url))
        assert img.mode == "RGB" and max(img.size) <= 4096, (url, img.mode, img.size)


def _urls(node):
    if isinstance(node, dict):
        for k, v in node.items():
            if k.endswith("URL") and v:
                yield v
            else:
                yield from _urls(v)
    elif isinstance(node, list):
        for v in node:
            yield from _urls(v)


def _check_deck(deck: dict, folder: Path) -> None:
    """CardID = key * 100 + index; DeckIDs in the order of the cards; each sheet an exact multiple
    of the card, each cut showing that card; face down; back hidden in hands."""
    cards = deck.get("ContainedObjects", [deck])
    assert (deck["DeckIDs"] if "DeckIDs" in deck else [deck["CardID"]]) == [c["CardID"] for c in cards]
    assert deck["Transform"]["rotZ"] == 180.0
    card_px = None
    seen = set()
    for c in cards:
        key, index = divmod(c["CardID"], 100)
        (k, spec), = c["CustomDeck"].items()
        assert int(k) == key and spec == deck["CustomDeck"][k]
        assert spec["BackIsHidden"] is True and index < spec["NumWidth"] * spec["NumHeight"]
        sheet = Image.open(_file(folder, spec["FaceURL"]))
        w, h = sheet.size
        assert w % spec["NumWidth"] == 0 and h % spec["NumHeight"] == 0
        cw, ch = w // spec["NumWidth"], h // spec["NumHeight"]
        back = Image.open(_file(folder, spec["BackURL"]))
        assert back.size == (cw, ch)
        card_px = card_px or (cw, ch)
        assert (cw, ch) == card_px
        seen.add(c["CardID"])
    assert len(seen) == len(cards)
    keys = sorted(int(k) for k in deck["CustomDeck"])
    assert keys == list(range(keys[0], keys[0] + len(keys)))       # consecutive (the first deck from 1)
    ids = [c["CardID"] for c in cards]
    assert ids == sorted(ids)                  # sheets in order, slots left to right, top to bottom


def test_sheet_cuts_show_the_cards(tmp_path_factory):
    """Cutting a sheet where TTS cuts it gives back each card's own image, pixel for pixel."""
    from genkit.export.artwork import load_artwork
    from genkit.export.tts_sheets import card_sheets
    art = load_artwork(ROOT / "content" / "bering_land", 96)
    for sheet in card_sheets(art.decks[0], art.images):
        img = Image.open(io.BytesIO(sheet.png))
        cw, ch = img.width // sheet.cols, img.height // sheet.rows
        assert (cw, ch) == art.card_px
        for i, card in enumerate(sheet.cards):
            cut = img.crop(((i % sheet.cols) * cw, (i // sheet.cols) * ch,
                            (i % sheet.cols + 1) * cw, (i // sheet.cols + 1) * ch))
            assert cut.tobytes() == Image.open(io.BytesIO(art.images[card.image])).convert("RGB").tobytes()


def test_many_cards_make_several_sheets():
    from genkit.export.tts_sheets import per_sheet, sheet_grid
    assert per_sheet((240, 336)) == 70
    assert sheet_grid(24, (240, 336)) == (10, 3)
    assert sheet_grid(7, (240, 336)) == (7, 1)
    assert per_sheet((500, 700)) == 8 * 5                 # 4096 px a side at most
    with pytest.raises(ValueError, match="dpi"):
        per_sheet((5000, 7000))


def test_base_url_and_local_files(tmp_path_factory):
    url = "https://example.org/games/images"
    save, folder = _load("brannock_ford", tmp_path_factory, image_base_url=url)
    assert all(u.startswith(url + "/") for u in _urls(save))
    save, folder = _load("brannock_ford", tmp_path_factory)
    for u in _urls(save):
        assert u.startswith("file:///") and _file(folder, u).is_file()
        assert Path(u[len("file://"):]).is_file()


@pytest.mark.parametrize("game", GAMES)
def test_preview(game, tmp_path_factory):
    """The preview exists, shows the board and counters (many colours), and the thumbnail is small."""
    _, folder = _load(game, tmp_path_factory)
    preview = Image.open(folder / f"{game}-preview.png")
    assert preview.mode == "RGB" and min(preview.size) > 300
    assert len(preview.getcolors(1 << 20) or range(1 << 20)) > 50
    thumb = Image.open(folder / f"{game}.png")
    assert max(thumb.size) == 256


def test_board_texture_fits_tts_at_any_dpi():
    """A map drawn larger than TTS loads (a high --dpi) is shrunk for the table, aspect kept."""
    from types import SimpleNamespace

    from genkit.export.tts import board_image
    from genkit.render.raster import png_bytes
    big = png_bytes(Image.new("RGB", (6000, 3000), "#123456"))
    art = SimpleNamespace(images={"map.png": big}, map=SimpleNamespace(image="map.png", width=6000, height=3000))
    img = Image.open(io.BytesIO(board_image(art)))
    assert img.size == (4096, 2048) and img.mode == "RGB"
    art.map.width, art.map.height = 4096, 2048
    assert board_image(art) is big
