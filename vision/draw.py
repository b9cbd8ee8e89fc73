"""Annotated frames for `goatherd detect --save`."""

from __future__ import annotations

import numpy as np

#: BGR colours: face-up cards, face-down cards, hands.
FACE_COLOUR, BACK_COLOUR, HAND_COLOUR = (40, 200, 40), (200, 120, 30), (0, 200, 255)


def draw_result(frame: np.ndarray, result: dict) -> np.ndarray:
    import cv2

    out = frame.copy()
    thick = max(1, round(max(frame.shape[:2]) / 500))
    for hand in result.get("hands", []):
        cv2.polylines(out, [np.array(hand["corners"], np.int32)], True, HAND_COLOUR, thick, cv2.LINE_AA)
    for card in result.get("cards", []):
        pts = np.array(card["corners"], np.int32)
        colour = BACK_COLOUR if card["card"] == "??" else FACE_COLOUR
        cv2.polylines(out, [pts], True, colour, thick, cv2.LINE_AA)
        x, y = pts[:, 0].min(), pts[:, 1].min()
        label = f"{card['card']} {card['conf']:.2f}"
        cv2.putText(out, label, (int(x), int(max(y - 4, 12))), cv2.FONT_HERSHEY_SIMPLEX, 0.4 * thick + 0.1,
                    (0, 0, 0), thick + 2, cv2.LINE_AA)
        cv2.putText(out, label, (int(x), int(max(y - 4, 12))), cv2.FONT_HERSHEY_SIMPLEX, 0.4 * thick + 0.1,
                    (255, 255, 255), thick, cv2.LINE_AA)
    return out
