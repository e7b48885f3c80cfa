"""The models users plan, built small from their libraries' configs (no weights, no network), for
the exporter's tests and for the command line (`--model tests/python/ft_models.py:gpt2`): Hugging
Face GPT-2, Llama (grouped-query attention, RoPE, SwiGLU), BERT, T5 (encoder-decoder) and Mixtral
(mixture of experts, refused), timm's ViT, Swin and ConvNeXt, torchvision's ResNet and EfficientNet.
`example(name, batch)` is a batch of inputs for each (positional arguments, keyword arguments)."""

import warnings

import torch

warnings.filterwarnings("ignore")

VOCAB, SEQ, IMAGE = 1000, 32, 64


def gpt2():
    from transformers import GPT2Config, GPT2LMHeadModel

    cfg = GPT2Config(n_layer=2, n_embd=128, n_head=4, vocab_size=VOCAB, n_positions=64, use_cache=False)
    cfg.bos_token_id = cfg.eos_token_id = 0
    return GPT2LMHeadModel(cfg)


def llama():
    from transformers import LlamaConfig, LlamaForCausalLM

    cfg = LlamaConfig(
        hidden_size=128,
        intermediate_size=344,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        vocab_size=VOCAB,
        max_position_embeddings=64,
        use_cache=False,
    )
    return LlamaForCausalLM(cfg)


def bert():
    from transformers import BertConfig, BertForMaskedLM

    cfg = BertConfig(
        hidden_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=512,
        vocab_size=VOCAB,
        max_position_embeddings=64,
    )
    return BertForMaskedLM(cfg)


def t5():
    from transformers import T5Config, T5ForConditionalGeneration

    cfg = T5Config(d_model=128, d_kv=32, d_ff=512, num_layers=2, num_heads=4, vocab_size=VOCAB, use_cache=False)
    return T5ForConditionalGeneration(cfg)


def mixtral():
    from transformers import MixtralConfig, MixtralForCausalLM

    cfg = MixtralConfig(
        hidden_size=128,
        intermediate_size=256,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        vocab_size=VOCAB,
        num_local_experts=4,
        num_experts_per_tok=2,
        use_cache=False,
    )
    return MixtralForCausalLM(cfg)


def vit():
    import timm

    return timm.create_model("vit_tiny_patch16_224", img_size=IMAGE, depth=2)


def swin():
    import timm

    return timm.create_model(
        "swin_tiny_patch4_window7_224", img_size=IMAGE, window_size=4, depths=(2, 2), num_heads=(2, 4), embed_dim=32
    )


def convnext():
    import timm

    # ConvNeXt-T's block (Linear MLP on [B, H, W, C], layer scale), narrower and shallower
    return timm.create_model("convnext_tiny", depths=(1, 1, 1, 1), dims=(32, 64, 128, 256))


def resnet():
    import torchvision

    return torchvision.models.resnet18()


def efficientnet():
    import torchvision

    return torchvision.models.efficientnet_b0()


TEXT = ["gpt2", "llama", "bert", "t5", "mixtral"]
BUILDERS = {f.__name__: f for f in (gpt2, llama, bert, t5, mixtral, vit, swin, convnext, resnet, efficientnet)}


def example(name, batch):
    """(args, kwargs) of a forward over `batch` samples."""
    if name == "t5":
        ids = torch.zeros(batch, SEQ, dtype=torch.long)
        return (), {"input_ids": ids, "decoder_input_ids": torch.zeros(batch, SEQ // 2, dtype=torch.long)}
    if name in TEXT:
        return (torch.zeros(batch, SEQ, dtype=torch.long),), {}
    return (torch.zeros(batch, 3, IMAGE, IMAGE),), {}
