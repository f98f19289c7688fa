#!/usr/bin/env python3
"""Writes the EXIF orientation test images (Tests/PodiumSDLTests/Fixtures/EXIF) with Pillow.

Each orientation-N.jpg shows, once turned upright, the same 64x32 picture: red top left, green
top right, blue bottom left, yellow bottom right. Its pixels are stored turned the other way and
tagged with EXIF orientation N, as a camera does. Pillow's own ImageOps.exif_transpose checks
every file before it is kept. Run: python3 tools/make-exif-fixtures.py (needs Pillow: python3-pil or PyPI).
"""
import os
import sys
from PIL import Image, ImageOps

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "PodiumSDLTests", "Fixtures", "EXIF")
# What turns the upright picture into the stored pixels: the inverse of EXIF orientation N.
STORE = {1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
         4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90,
         7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270}


def upright():
    img = Image.new("RGB", (64, 32))
    for (x, y, c) in [(0, 0, (255, 0, 0)), (32, 0, (0, 255, 0)), (0, 16, (0, 0, 255)), (32, 16, (255, 255, 0))]:
        img.paste(c, (x, y, x + 32, y + 16))
    return img


def main():
    os.makedirs(OUT, exist_ok=True)
    want = upright()
    for n, op in STORE.items():
        stored = want if op is None else want.transpose(op)
        exif = Image.Exif()
        exif[0x0112] = n
        path = os.path.join(OUT, f"orientation-{n}.jpg")
        stored.save(path, quality=95, subsampling=0, exif=exif.tobytes())
        back = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
        assert back.size == want.size, (n, back.size)
        for (x, y) in [(16, 8), (48, 8), (16, 24), (48, 24)]:
            got, exp = back.getpixel((x, y)), want.getpixel((x, y))
            assert all(abs(a - b) < 16 for a, b in zip(got, exp)), (n, x, y, got, exp)
        print(path, stored.size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
