// The translation unit that owns the precompiled LibTorch header (see VantageTorch.cmake).
#include <torch/torch.h>
