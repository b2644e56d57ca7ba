"""The yardstick for a big search: what a lean client must do for `tripboard departures --json`,
in Python with orjson: the first request and every poll on one keep-alive connection, departures
merged by id with their operators and stations, those with fewer seats left than the one traveller
left out (as Tripboard leaves them out), sorted by departure time, printed as JSON.
Usage: orjson_client.py PORT"""
import http.client
import sys

import orjson

connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
path = "/x-departures/dr5reg/f25dvk/2026-11-23"
query = "adult=1&child=0&senior=0&lang=en&currency=USD"
headers = {"Accept": "application/vnd.busbud+json; version=2; profile=https://schema.busbud.com/v2/"}
operators, locations, departures, index, first = {}, {}, {}, 0, True
while True:
    connection.request("GET", f"{path}?{query}" if first else f"{path}/poll?{query}&index={index}", headers=headers)
    page = orjson.loads(connection.getresponse().read())
    for item in page.get("locations", []):
        locations[item["id"]] = item["name"]
    for item in page["operators"]:
        operators[item["id"]] = item["display_name"]
    for item in page["departures"]:
        departures[item["id"]] = item
    index += len(page["departures"])
    first = False
    if page["complete"]:
        break
out = []
travellers = 1
for item in sorted(departures.values(), key=lambda d: (d["departure_time"], d["id"])):
    if item.get("available_seats") is not None and item["available_seats"] < travellers:
        continue
    amenities = item.get("amenities") or {}
    out.append({"id": item["id"], "operator": operators.get(item["operator_id"]),
                "origin": locations.get(item["origin_location_id"]),
                "destination": locations.get(item["destination_location_id"]),
                "departure": item["departure_time"] + "-05:00", "arrival": item["arrival_time"] + "-05:00",
                "duration_minutes": item["duration"], "arrives_next_day": item["arrival_time"][:10] != item["departure_time"][:10],
                "price_cents": item["prices"]["total"], "currency": item["prices"]["currency"],
                "available_seats": item.get("available_seats"),
                "amenities": sorted(k for k, v in amenities.items() if v is True)})
sys.stdout.buffer.write(orjson.dumps(out, option=orjson.OPT_INDENT_2))
