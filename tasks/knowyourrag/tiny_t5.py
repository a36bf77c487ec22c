"""A tiny seq2seq model built offline (no model hub): the trainer's test and bench base.

A sentencepiece unigram tokenizer trained on the given texts and a randomly initialised
2-layer T5 (ENVIRONMENT.md: ``hard_vocab_limit=False``; the folder holds ``spiece.model``
and loads with ``T5Tokenizer.from_pretrained(dir, extra_ids=0)``). Production uses a real
Flan-T5 folder; this only exercises the real training path in seconds on a CPU.
"""
from __future__ import annotations

import io
from pathlib import Path


def build_tiny_t5(
    out_dir: Path,
    texts: list[str],
    *,
    vocab_size: int = 400,
    d_model: int = 64,
    layers: int = 2,
    seed: int = 0,
    tie_word_embeddings: bool = True,
) -> Path:
    """Write a tokenizer + untrained T5ForConditionalGeneration to ``out_dir``; return it."""
    import sentencepiece as spm
    import torch
    from transformers import T5Config, T5ForConditionalGeneration, T5Tokenizer

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    model_io = io.BytesIO()
    lines = [line for text in texts for line in text.splitlines() if line.strip()]
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=model_io,
        vocab_size=vocab_size,
        hard_vocab_limit=False,
        model_type="unigram",
        character_coverage=1.0,
        pad_id=0,
        eos_id=1,
        unk_id=2,
        bos_id=-1,
        num_threads=1,
        minloglevel=2,
    )
    (out_dir / "spiece.model").write_bytes(model_io.getvalue())
    tokenizer = T5Tokenizer.from_pretrained(str(out_dir), extra_ids=0)
    tokenizer.save_pretrained(str(out_dir))
    torch.manual_seed(seed)
    config = T5Config(
        vocab_size=len(tokenizer),
        d_model=d_model,
        d_kv=16,
        d_ff=d_model * 2,
        num_layers=layers,
        num_decoder_layers=layers,
        num_heads=4,
        decoder_start_token_id=tokenizer.pad_token_id,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        tie_word_embeddings=tie_word_embeddings,  # Flan-T5 unties them
    )
    T5ForConditionalGeneration(config).save_pretrained(str(out_dir))
    return out_dir
