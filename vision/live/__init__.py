"""The live table pipeline: camera frames -> tracked cards -> settled states -> table-log events.

Modules: sources (frame capture), layout (seats and zones), tracker (card tracks and
identity votes), settle (is the table still?), events (settled-state diffs -> events),
pipeline (the stateful glue), render (`render-video`: game log -> synthetic table video),
detector (the `Detector` protocol, the oracle and the shipped-model adapter), cli.
"""
