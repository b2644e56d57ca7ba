"""A Busbud-compatible x-departures service for benchmarks: DEPARTURES departures between New York
and Montréal in PAGES pages (the first answer, then polls by `index`), each departure in a rich
modern shape with many fields Tripboard never reads (about 2 KB each). Prints its port, then serves
on 127.0.0.1 with keep-alive until killed; after sending each search's last page it prints
"last-page-sent" and the wall-clock time. Usage: busbud_server.py [DEPARTURES] [PAGES]"""
import http.server
import json
import sys
import time
import urllib.parse

DEPARTURES = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
PAGES = int(sys.argv[2]) if len(sys.argv) > 2 else 5
AMENITIES = ["wifi", "toilet", "ac", "refreshment", "food", "hot_meal", "power_outlets", "tv", "bus_attendant",
             "leg_room", "small_seat", "average_seat", "xl_seat", "full_recline_seat", "carpool"]
OPERATORS = [{"id": f"op-{n}", "name": f"Operator {n}", "display_name": f"Coach Line {n}", "sellable": True,
              "logo_url": f"https://img.example/op-{n}.png", "url": None, "source_id": 100 + n,
              "amenities": {"classes": {"Standard": {"display_name": "Standard", **{a: n % 2 == 0 for a in AMENITIES}}}},
              "terms": {"refund": True, "exchange": True, "bag_allowed": True, "piece_of_id": False,
                        "boarding_requirement": "printed_tkt", "extra_bag_policy": True, "use_new_ticket_desc": True,
                        "exchange_cutoff": 2, "nb_checked_bags": 1, "max_bag_weight": 50, "max_bag_dimension": 158}}
             for n in range(7)]
CITIES = [{"id": "375dd587-9001-acbd-84a4-683dedfb933e", "name": "New York", "geohash": "dr5reg",
           "timezone": "America/New_York", "full_name": "New York, New York, United States", "lat": 40.71427,
           "lon": -74.00597, "country_code2": "US", "region_id": 3, "legacy_url_form": "New-York,New-York,United-States"},
          {"id": "375dd587-9001-acbd-84a4-683deda84183", "name": "Montréal", "geohash": "f25dvk",
           "timezone": "America/Montreal", "full_name": "Montréal, Québec, Canada", "lat": 45.50884, "lon": -73.58781,
           "country_code2": "CA", "region_id": 4, "legacy_url_form": "Montreal,Quebec,Canada"}]
LOCATIONS = [{"id": 1000 + n, "city_id": CITIES[n % 2]["id"], "name": f"Station {n}", "address": [f"{n} Main St"],
              "type": "transit_station", "lat": 40.7 + n, "lon": -74.0 + n, "geohash": "dr5reg0000"} for n in range(6)]


def departure(n):
    minutes = (n * 7) % (18 * 60)
    leaves = f"2026-11-23T{5 + minutes // 60:02d}:{minutes % 60:02d}:00"
    hours = 5 + minutes // 60 + 8
    arrives = f"2026-11-{23 + hours // 24}T{hours % 24:02d}:{minutes % 60:02d}:00"
    total = 5000 + (n * 37) % 9000
    return {
        "id": f"dep-{n:06d}-{'x' * 16}", "busbud_departure_id": f"{n:08x}", "source_id": 262, "sellable": True,
        "operator_id": f"op-{n % 7}", "origin_location_id": 1000 + (n % 3) * 2, "destination_location_id": 1001 + (n % 3) * 2,
        "departure_time": leaves, "arrival_time": arrives, "departure_timezone": "America/New_York",
        "arrival_timezone": "America/Montreal", "duration": 480, "available_seats": n % 50, "class": "STANDARD",
        "class_name": "Standard", "complete": True, "departure_type": "editable-refundable", "vehicle_type": "bus",
        "amenities": {"display_name": "Standard", **{a: (n + i) % 3 == 0 for i, a in enumerate(AMENITIES)}},
        "prices": {"currency": "USD", "total": total, "categories": {"adult": total - 600}, "discount": 0,
                   "roundtrip_min": None, "roundtrip_total": None, "discounted": None,
                   "breakdown": {"base": total - 600, "fees": 100, "taxes": 500, "discount": 0}},
        "links": {"deeplink": f"https://www.busbud.com/en/deeplink/dr5reg/f25dvk/dep-{n}?outbound_date=2026-11-23"
                              "&adults=1&children=0&seniors=0&utm_source={utm_source}&utm_medium={utm_medium}"},
        "ticket_types": ["eticket", "mobile"], "passenger_questions": [], "num_transfers": 0, "has_transfers": False,
        "fetched_at": "2026-11-23T04:00:00.000Z", "search_request_id": f"{'a' * 48}{n:08d}", "data_source": "l2",
        "cache_source": "departure-service", "operator_disclaimers": None, "fare_name": None, "contractor_name": None,
        "trip_stops": [{"arrival_time": None if s == 0 else leaves, "departure_time": leaves, "duration": 0,
                        "location_id": 1000 + s, "geohash": "dr5reg000", "name": f"Stop {s}", "transfer": False,
                        "service_name": None, "service_number": None} for s in range(4)],
    }


ALL = [departure(n) for n in range(DEPARTURES)]
SIZE = (DEPARTURES + PAGES - 1) // PAGES


def page(index, first):
    chunk = ALL[index:index + SIZE]
    body = {"operators": OPERATORS, "departures": chunk, "complete": index + SIZE >= DEPARTURES, "ttl": 900}
    if first:
        body.update({"origin_city_id": CITIES[0]["id"], "destination_city_id": CITIES[1]["id"],
                     "is_valid_route": True, "cities": CITIES, "locations": LOCATIONS})
    return json.dumps(body).encode()


PAGES_BY_INDEX = {(0, True): page(0, True), **{(i, False): page(i, False) for i in range(SIZE, DEPARTURES, SIZE)}}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        index = int(dict(urllib.parse.parse_qsl(url.query)).get("index", "0"))
        body = PAGES_BY_INDEX.get((index, not url.path.endswith("/poll")))
        if body is None:
            body = page(index, not url.path.endswith("/poll"))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        if index + SIZE >= DEPARTURES:
            print("last-page-sent", time.time(), flush=True)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
