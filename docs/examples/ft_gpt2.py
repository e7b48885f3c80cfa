"""A GPT-2-shaped model from Hugging Face transformers (built from its config: no weights, no hub),
for FT's `ft validate` benchmark (scripts/bench-ft-validate.sh) and docs/ft.md, "Predicted against
measured":

    vantage-cli --json ft validate --model docs/examples/ft_gpt2.py:build --input long:128 --batch 8 \\
        --devices 2 --cluster calibrated.json

Four layers wide enough that matmuls dominate a step on a CPU (dropout off, so every strategy
trains the same numbers as one process).
"""

from __future__ import annotations

import transformers


def build(
    layers: int = 4,
    width: int = 256,
    heads: int = 4,
    vocab: int = 4096,
    positions: int = 128,
) -> object:
    config = transformers.GPT2Config(
        n_layer=layers,
        n_embd=width,
        n_head=heads,
        vocab_size=vocab,
        n_positions=positions,
        resid_pdrop=0.0,
        embd_pdrop=0.0,
        attn_pdrop=0.0,
        use_cache=False,
        bos_token_id=0,
        eos_token_id=0,
    )
    return transformers.GPT2LMHeadModel(config)
