"""Draw the app icon and write it in every size and format the builds need.

Run once with Pillow installed (it is not a dependency of Span Studio):
    python packaging/make_icons.py
Writes resources/icons/spanstudio-{16..1024}.png, spanstudio.ico (Windows) and
spanstudio.icns (macOS).
"""

from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 1024
OUT = Path(__file__).resolve().parent.parent / "resources" / "icons"


def draw() -> Image.Image:
    """Three lines of text, a gold span (green) and an overlapping system span (red)."""
    img = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([40, 40, SIZE - 40, SIZE - 40], radius=190, fill=(31, 58, 95, 255))
    for i, (x0, x1) in enumerate([(170, 854), (170, 854), (170, 640)]):
        y = 300 + i * 190
        d.rounded_rectangle([x0, y - 22, x1, y + 22], radius=22, fill=(214, 224, 236, 255))
    d.rounded_rectangle([230, 420, 640, 560], radius=36, fill=(46, 160, 67, 235))
    d.rounded_rectangle([470, 438, 800, 542], radius=30, outline=(220, 60, 50, 255), width=26)
    return img


def main() -> None:
    img = draw()
    OUT.mkdir(parents=True, exist_ok=True)
    img.save(OUT / "spanstudio-1024.png")
    for n in (16, 24, 32, 48, 64, 128, 256, 512):
        img.resize((n, n), Image.LANCZOS).save(OUT / f"spanstudio-{n}.png")
    img.save(OUT / "spanstudio.ico", sizes=[(n, n) for n in (16, 24, 32, 48, 64, 128, 256)])
    img.save(OUT / "spanstudio.icns")


if __name__ == "__main__":
    main()
