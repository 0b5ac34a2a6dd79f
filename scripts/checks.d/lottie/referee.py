"""The referee shared by scripts/checks/lottie, lottie-import, lottie-roundtrip and
scripts/bench.d/lottie: two independent Lottie players, the ink measure and the comparison.

Players (PyPI packages in .build/checks-venv; the scripts install them):
  - Samsung's rlottie (rlottie-python): whole frames only (`lottie_animation_render` takes an
    int, so a fractional frame is played as the nearest whole one), premultiplied BGRA;
  - ThorVG (thorvg-python, software canvas, no worker threads): fractional frames,
    premultiplied ABGR8888 (bytes R, G, B, A in memory).
Both are un-premultiplied here by Pillow ("RGBa" → "RGBA"), the same rounding for both. Frame
numbers are relative to the document's `ip`: frame 0 is `ip` for both players.

Mismatch is `kurukuru compare A B --include-aa --json` (pixelmatch v7.2.0, threshold 0.1,
anti-aliased pixels counted) as a share of the ink pixels: on a transparent canvas the pixels
with alpha > 0 in either image; on an opaque background the pixels that differ from the
background colour (by more than INK_TOLERANCE in some channel) in either image.
"""
import io, json, os, subprocess, zipfile

from PIL import Image, ImageChops

MEAN_LIMIT, FRAME_LIMIT = 2.0, 5.0
# Levels (of 255) a pixel may differ from an opaque background in every channel and still be
# background: the players round a premultiplied background by one level at partly covered edges.
INK_TOLERANCE = 2


# MARK: - Documents

def refused_export(result):
    """Whether `render --format lottie` failed as the exporter refuses what Lottie shape layers
    cannot say (perspective, clips and masks, CSS's shear and box-shadow spread, a text counter):
    exit status 2 and one line ending by naming the formats that can draw it."""
    return (result.returncode == 2 and result.stderr.count("\n") <= 1
            and "; render it as gif, apng or webp instead" in result.stderr)


def load_document(path):
    """(the Lottie JSON bytes, the parsed document) of a .json file or of a dotLottie archive's
    first animation (manifest order; `animations/ID.json` in v1, `a/ID.json` in v2)."""
    if path.endswith(".lottie"):
        with zipfile.ZipFile(path) as z:
            manifest = json.loads(z.read("manifest.json"))
            first = manifest["animations"][0]["id"]
            names = set(z.namelist())
            for folder in ("a", "animations"):
                name = f"{folder}/{first}.json"
                if name in names:
                    data = z.read(name)
                    return data, json.loads(data)
            raise ValueError(f"{path}: no animation file for {first!r}")
    with open(path, "rb") as f:
        data = f.read()
    return data, json.loads(data)


def pixel_size(doc, scale):
    return int(round(doc["w"] * scale)), int(round(doc["h"] * scale))


# MARK: - Players

class RLottie:
    """rlottie on one document; whole frames only."""
    name = "rlottie"

    def __init__(self, data):
        from rlottie_python import LottieAnimation
        self.anim = LottieAnimation.from_data(data.decode("utf-8"))

    @staticmethod
    def whole(frame):
        """The whole frame rlottie plays for `frame`: the nearest, halves up."""
        return int(frame + 0.5)

    def raw(self, frame, w, h):
        return self.anim.lottie_animation_render(frame_num=self.whole(frame), width=w, height=h)

    def render(self, frame, w, h):
        buf = self.raw(frame, w, h)
        return Image.frombuffer("RGBa", (w, h), buf, "raw", "BGRa", 0, 1).convert("RGBA")


class ThorVG:
    """ThorVG's software canvas on one document, at one pixel size; fractional frames."""
    name = "thorvg"
    _engine = None

    def __init__(self, data, w, h):
        import thorvg_python as tvg
        if ThorVG._engine is None:
            ThorVG._engine = tvg.Engine(threads=0)
        engine = ThorVG._engine
        self.w, self.h = w, h
        self.anim = tvg.LottieAnimation(engine)
        self.picture = self.anim.get_picture()
        result = self.picture.load_data(data, "lottie", None, True)
        if int(result) != 0:
            raise RuntimeError(f"thorvg could not load the document ({result!r})")
        self.picture.set_size(w, h)
        self.canvas = tvg.SwCanvas(engine)
        self.canvas.set_target(w, h, cs=tvg.Colorspace.ABGR8888)
        self.canvas.add(self.picture)

    def raw(self, frame):
        self.anim.set_frame(float(frame))
        self.canvas.update()
        self.canvas.draw(True)
        self.canvas.sync()
        return self.canvas.buffer_arr

    def render(self, frame):
        buf = bytes(self.raw(frame))
        return Image.frombuffer("RGBa", (self.w, self.h), buf, "raw", "RGBa", 0, 1).convert("RGBA")


# MARK: - Ink and mismatch

def opaque_background(frames):
    """The background colour when every frame is opaque nearly everywhere (no pixel below half
    opacity) and the same colour covers most of the canvas in each; else None (a transparent
    canvas). The colour is the most common one of the first frame."""
    colour = None
    for im in frames:
        if im.getchannel("A").getextrema()[0] < 128:
            return None
        w, h = im.size
        common = max(im.getcolors(w * h), key=lambda c: c[0])
        if common[0] < w * h // 4:
            return None
        if colour is None:
            colour = common[1]
    return colour


def _ink_mask(im, background):
    if background is None:
        return im.getchannel("A").point(lambda v: 255 if v > 0 else 0)
    diff = ImageChops.difference(im, Image.new("RGBA", im.size, background))
    r, g, b, a = diff.split()
    most = ImageChops.lighter(ImageChops.lighter(r, g), ImageChops.lighter(b, a))
    return most.point(lambda v: 255 if v > INK_TOLERANCE else 0)


def ink_pixels(a, b, background=None):
    """Pixels that are ink in either image (see the module's text)."""
    return ImageChops.lighter(_ink_mask(a, background), _ink_mask(b, background)).histogram()[255]


def mismatched_pixels(kurukuru, a_path, b_path):
    """pixelmatch's count of `kurukuru compare --include-aa --json`; raises on an error."""
    r = subprocess.run([kurukuru, "compare", a_path, b_path, "--include-aa", "--json"], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise RuntimeError(f"compare failed: {r.stderr.strip()}")
    return json.loads(r.stdout)["mismatchedPixels"]


def share(kurukuru, a_path, b_path, a_image, b_image, background=None):
    """Mismatch as a percentage of the ink pixels of the two images."""
    mismatched = mismatched_pixels(kurukuru, a_path, b_path)
    ink = ink_pixels(a_image, b_image, background)
    return 100.0 * mismatched / max(ink, 1)


def within(shares):
    """Whether a list of per-frame shares meets the targets (mean and every frame)."""
    return bool(shares) and sum(shares) / len(shares) <= MEAN_LIMIT and max(shares) <= FRAME_LIMIT


def summary(shares):
    """(mean, max) of per-frame shares; (nan, nan) for none."""
    if not shares:
        return float("nan"), float("nan")
    return sum(shares) / len(shares), max(shares)


# MARK: - Documents' features

def easing_dimensions_differ(doc):
    """Whether any keyframe eases x and y differently (the first two elements of an i.x, i.y,
    o.x or o.y array differ; a third, z, is not drawn): rlottie and ThorVG use only the first
    element, lottie-web one curve per dimension."""
    found = False

    def visit(node):
        nonlocal found
        if found:
            return
        if isinstance(node, dict):
            for key in ("i", "o"):
                e = node.get(key)
                if isinstance(e, dict):
                    for axis in ("x", "y"):
                        v = e.get(axis)
                        if isinstance(v, list) and len(v) > 1 and v[0] != v[1]:
                            found = True
                            return
            for v in node.values():
                visit(v)
        elif isinstance(node, list):
            for v in node:
                visit(v)

    visit(doc)
    return found


def layers_everywhere(doc):
    """Every layer of the document and of its precomposition assets."""
    out = list(doc.get("layers", []))
    for asset in doc.get("assets", []):
        out += asset.get("layers", []) or []
    return out


def matte_uses_tp(doc):
    """Whether a matte names its source with `tp` other than the layer above (rlottie ignores
    `tp`)."""
    for layers in [doc.get("layers", [])] + [a.get("layers") or [] for a in doc.get("assets", [])]:
        for i, layer in enumerate(layers):
            if layer.get("tt") and "tp" in layer:
                above = layers[i - 1].get("ind") if i > 0 else None
                if layer["tp"] != above:
                    return True
    return False


def rz_without_ddd(doc):
    """Whether a 2-D layer or group animates `rz` rather than `r` (lottie-web and rlottie turn
    it, ThorVG does not)."""
    found = False

    def visit(node):
        nonlocal found
        if found:
            return
        if isinstance(node, dict):
            if "rz" in node and "r" not in node and isinstance(node["rz"], dict):
                found = True
                return
            for v in node.values():
                visit(v)
        elif isinstance(node, list):
            for v in node:
                visit(v)

    for layer in layers_everywhere(doc):
        if not layer.get("ddd"):
            visit(layer)
    return found


def layers_ending_at(doc, comp_frames):
    """Top-level layers whose `op` is one of `comp_frames` (composition frames): rlottie still
    draws a layer at its `op`, which the specification makes exclusive (lottie-web shows a
    layer while `ip − st ≤ num` and `op − st > num`; ThorVG likewise)."""
    wanted = set(comp_frames)
    return [layer.get("nm", f"#{i}") for i, layer in enumerate(doc.get("layers", [])) if layer.get("op") in wanted]


def layer_blame(kurukuru, doc, frame, w, h, work):
    """Which top-level layer carries rlottie's and ThorVG's difference at `frame`: each layer
    played alone (its parents and its matte source kept, hidden), as (mismatched pixels, layer
    name), largest first."""
    layers = doc.get("layers", [])
    by_ind = {layer.get("ind"): k for k, layer in enumerate(layers)}
    out = []
    for i, layer in enumerate(layers):
        keep = {i}
        parent = layer.get("parent")
        while parent in by_ind and by_ind[parent] not in keep:
            keep.add(by_ind[parent])
            parent = layers[by_ind[parent]].get("parent")
        if layer.get("tt") and i > 0:
            keep.add(i - 1)
        alone = dict(doc)
        alone["layers"] = []
        for k in sorted(keep):
            copy = dict(layers[k])
            if k != i and not copy.get("td"):
                copy["hd"] = True
            alone["layers"].append(copy)
        data = json.dumps(alone).encode()
        a_path, b_path = os.path.join(work, "blame-a.png"), os.path.join(work, "blame-b.png")
        RLottie(data).render(frame, w, h).save(a_path, compress_level=1)
        ThorVG(data, w, h).render(frame).save(b_path, compress_level=1)
        n = mismatched_pixels(kurukuru, a_path, b_path)
        if n:
            out.append((n, layer.get("nm", f"#{i}")))
    return sorted(out, reverse=True)


# MARK: - Presets

def preset_background(info):
    """The opaque background of a preset as RGBA, from `kurukuru info PRESET --json`'s
    `background` ("#RRGGBB", "#RRGGBBAA" or "transparent"); None when not opaque."""
    text = info.get("background") or "transparent"
    if not text.startswith("#") or len(text) not in (7, 9):
        return None
    rgba = tuple(int(text[i:i + 2], 16) for i in range(1, len(text), 2))
    if len(rgba) == 3:
        rgba += (255,)
    return rgba if rgba[3] == 255 else None


def preset_approximations(path):
    """What the Lottie export of the preset at `path` approximates, as Lottie 1.0 cannot say
    it exactly (README "Lottie export"): "AngularGradient" (solid wedges), "shadow" (blurred
    copies). Read from the preset's own text: a `shadow` modifier, an `AngularGradient` paint."""
    with open(path) as f:
        preset = json.load(f)
    found = set()

    def visit(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("shadow", "AngularGradient"):
                    found.add(key)
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(preset)
    return sorted(found)


def preset_instants(frames):
    """The frames both preset checks sample: n = round(i·frames/8) + 1 (mod frames), i = 0…7."""
    return [(round(i * frames / 8) + 1) % frames if frames > 1 else 0 for i in range(8)]


def _shape_layers(doc):
    return [layer for layer in layers_everywhere(doc) if layer.get("ty") == 4]


def _items(items):
    """Every shape item under `items`, nested groups included."""
    for item in items or []:
        yield item
        if item.get("ty") == "gr":
            yield from _items(item.get("it"))


def round_corners_on_star(doc):
    """Whether a shape layer rounds a polystar (`rd` and `sr` in one layer): rlottie draws the
    star sharp (measured on star_rating.lottie: the same pixels with and without the `rd`),
    ThorVG and lottie-web (RoundCornersModifier over the star's path) round it."""
    for layer in _shape_layers(doc):
        kinds = {item.get("ty") for item in _items(layer.get("shapes"))}
        if "rd" in kinds and "sr" in kinds:
            return True
    return False


def _static(prop, value):
    """Whether a property is not animated and holds `value`."""
    return isinstance(prop, dict) and prop.get("a", 0) == 0 and prop.get("k") == value


def full_trim_with_offset_over_trim(doc):
    """Whether a trim of 0–100 % with a non-zero offset applies to shapes already trimmed (a
    `tm` whose scope holds a group with its own `tm`). The specification renders a 0–100 %
    trim's input as-is; ThorVG moves the inner trim's result by the offset (measured on
    issue_1979_button, where rlottie also puts the inner trim's 71 % point early on the check
    mark's arm, its path length being approximate)."""
    def visit(items):
        for k, item in enumerate(items or []):
            if item.get("ty") == "tm" and _static(item.get("s"), 0) and _static(item.get("e"), 100) \
                    and not _static(item.get("o"), 0):
                for before in items[:k]:
                    if before.get("ty") == "gr" and any(i.get("ty") == "tm" for i in _items(before.get("it"))):
                        return True
            if item.get("ty") == "gr" and visit(item.get("it")):
                return True
        return False

    return any(visit(layer.get("shapes")) for layer in _shape_layers(doc))


def fractional_repeater(doc):
    """Whether a repeater's copy count `c` is animated or not whole: lottie-web draws
    `Math.ceil(c)` copies (RepeaterModifier.processShapes), ThorVG `int(c)` (updateRepeater)."""
    def whole(prop):
        return isinstance(prop, dict) and prop.get("a", 0) == 0 and float(_first(prop.get("k"))).is_integer()

    return any(item.get("ty") == "rp" and not whole(item.get("c"))
               for layer in _all_layers(doc) for item in _items(layer.get("shapes")))


def _first(k):
    return k[0] if isinstance(k, list) and k else (k if k is not None else 1)


def _all_layers(doc):
    yield from doc.get("layers") or []
    for asset in doc.get("assets") or []:
        yield from asset.get("layers") or []


def specification_equivalent(doc):
    """`doc` rewritten so that ThorVG draws what the specification and lottie-web draw, where
    ThorVG mishandles a construct that can be rewritten into an equal one; None when nothing
    needs it. Returns (document, [what was rewritten]).

    - A static 0–100 % trim is removed, whatever its offset: the specification's trim of 0–100 %
      renders its input as-is, but ThorVG shifts an inner trim's result by the outer offset.
    - Every repeater's copy count `c` is raised by 1 − 10⁻⁶ (each keyframe value and a static
      one alike, which eases the same): ThorVG then draws int(c + 1 − 10⁻⁶) = ceil(c) copies, as
      lottie-web does."""
    done = set()

    def shifted(prop, d):
        prop = json.loads(json.dumps(prop))
        if prop.get("a", 0) == 0:
            k = prop.get("k", 1)
            prop["k"] = [k[0] + d] if isinstance(k, list) else k + d
        else:
            for kf in prop.get("k") or []:
                for key in ("s", "e"):
                    if isinstance(kf.get(key), list):
                        kf[key] = [v + d for v in kf[key]]
        return prop

    def rewrite(items):
        out = []
        for item in items or []:
            if item.get("ty") == "tm" and _static(item.get("s"), 0) and _static(item.get("e"), 100):
                done.add("a static 0–100 % trim removed")
                continue
            if item.get("ty") == "rp":
                item = dict(item, c=shifted(item.get("c", {"a": 0, "k": 1}), 1 - 1e-6))
                done.add("repeater copies raised by 1 − 10⁻⁶ (ThorVG's int(c) becomes lottie-web's ceil(c))")
            if item.get("ty") == "gr":
                item = dict(item, it=rewrite(item.get("it")))
            out.append(item)
        return out

    def layers(ls):
        return [dict(l, shapes=rewrite(l["shapes"])) if isinstance(l.get("shapes"), list) else l for l in ls or []]

    copy = dict(doc, layers=layers(doc.get("layers")))
    if "assets" in doc:
        copy["assets"] = [dict(a, layers=layers(a["layers"])) if "layers" in a else a for a in doc["assets"]]
    return (copy, sorted(done)) if done else None
