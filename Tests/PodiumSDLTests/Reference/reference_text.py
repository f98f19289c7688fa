#!/usr/bin/env python3
"""Independent reference rendering for Podium's text render tests: Pillow with libraqm (HarfBuzz
shaping + FriBiDi bidi), white text on black, one PNG per spec.

    reference_text.py SPEC.json

SPEC: {"width": W, "height": H, "out": "ref.png", "basic": false,
       "lines": [{"x": px, "baseline": px, "anchor": "ls" | "rs",
                  "runs": [{"text": "...", "font": "<fontconfig pattern>", "size": px}]}]}
Runs of a line are drawn one after another from `x` (anchor "ls") or as one run ending at `x`
(anchor "rs", right-to-left lines). A font whose only size is a bitmap strike (Noto Color Emoji)
is drawn at its strike and scaled. "basic": Pillow's basic layout (no shaping, no bidi) — the
negative control that shows what unshaped text looks like. Exits 2 when Pillow lacks raqm.
"""
import json
import subprocess
import sys

from PIL import Image, ImageDraw, ImageFont, features

EMOJI_STRIKE = 109


def font_file(pattern):
    return subprocess.run(["fc-match", "-f", "%{file}", pattern], check=True, capture_output=True, text=True).stdout


def main():
    spec = json.load(open(sys.argv[1]))
    if not features.check("raqm"):
        print("Pillow has no libraqm (pip install pillow, or apt python3-pil libraqm0)", file=sys.stderr)
        sys.exit(2)
    engine = ImageFont.Layout.BASIC if spec.get("basic") else ImageFont.Layout.RAQM
    img = Image.new("RGBA", (spec["width"], spec["height"]), (0, 0, 0, 255))
    draw = ImageDraw.Draw(img)
    for line in spec["lines"]:
        x, base = line["x"], line["baseline"]
        for run in line["runs"]:
            path = font_file(run["font"])
            if "NotoColorEmoji" in path:
                f = ImageFont.truetype(path, EMOJI_STRIKE, layout_engine=engine)
                scale = run["size"] / EMOJI_STRIKE
                w = int(f.getlength(run["text"])) + 4
                asc, desc = f.getmetrics()
                tmp = Image.new("RGBA", (w, asc + desc), (0, 0, 0, 0))
                ImageDraw.Draw(tmp).text((0, asc), run["text"], font=f, anchor="ls", embedded_color=True)
                tmp = tmp.resize((max(1, round(w * scale)), max(1, round((asc + desc) * scale))), Image.LANCZOS)
                img.alpha_composite(tmp, (round(x), round(base - asc * scale)))
                x += f.getlength(run["text"]) * scale
            else:
                f = ImageFont.truetype(path, run["size"], layout_engine=engine)
                draw.text((x, base), run["text"], font=f, fill=(255, 255, 255, 255), anchor=line.get("anchor", "ls"))
                x += f.getlength(run["text"])
    img.convert("RGB").save(spec["out"])


if __name__ == "__main__":
    main()
