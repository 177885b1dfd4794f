"""The policy `train_dominion.py` trained, as a callable any tablehall seat can take:

    tablehall play dominion --seats policy:examples/learning/dominion_policy.py:policy,random

It reads the weights `train_dominion.py` saved (dominion_weights.npz beside this file, or the
file TABLEHALL_DOMINION_WEIGHTS names) and plays greedily: the legal action of highest logit.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

_path = Path(os.environ.get("TABLEHALL_DOMINION_WEIGHTS", Path(__file__).with_name("dominion_weights.npz")))
if not _path.is_file():
    raise FileNotFoundError(f"{_path}: train first (python examples/learning/train_dominion.py)")
with np.load(_path) as _saved:
    _W, _b, _scale = _saved["W"], _saved["b"], _saved["scale"]


def policy(observation: np.ndarray, mask: np.ndarray) -> int:
    logits = (observation / _scale) @ _W + _b
    return int(np.argmax(np.where(mask > 0, logits, -np.inf)))
