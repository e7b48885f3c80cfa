# LibTorch for the engines that need it (EDL, DGI, PPAC). Torch headers cost ~30 s per translation
# unit on 2 cores, so they are precompiled once (vantage_torch_pch) and reused by every torch target.
# Public headers of those engines expose no torch types; only their .cpp files include torch.
find_package(Torch REQUIRED)
message(STATUS "Vantage: LibTorch ${Torch_VERSION} at ${Torch_DIR}")
# A LibTorch with CUDA (the official one from PyPI's wheel) has torch_cuda: the GPU evaluator and the
# device queries are compiled in (VANTAGE_TORCH_CUDA); Debian's 1.13 is CPU-only.
if(TARGET torch_cuda)
    set(VANTAGE_TORCH_CUDA ON)
    add_compile_definitions(VANTAGE_TORCH_CUDA)
    message(STATUS "Vantage: LibTorch has CUDA: DGI's GPU evaluator is built")
else()
    set(VANTAGE_TORCH_CUDA OFF)
endif()

# Torch's CMake package sets its flags in TORCH_CXX_FLAGS (the C++ ABI define).
separate_arguments(VANTAGE_TORCH_FLAGS UNIX_COMMAND "${TORCH_CXX_FLAGS}")

# ATen's parallel_for is an inline template whose OpenMP pragma is compiled in the file that calls
# it: without -fopenmp there, our own kernels (DGI aggregation, PPAC propagation) run on one thread
# while LibTorch's ops use every core. Debian's LibTorch is built with OpenMP but its CMake package
# does not say so, hence OpenMP for every torch target (and for the shared precompiled header,
# whose flags they must match).
find_package(OpenMP REQUIRED COMPONENTS CXX)

add_library(vantage_torch_pch OBJECT ${PROJECT_SOURCE_DIR}/cmake/torch_pch.cpp)
target_link_libraries(vantage_torch_pch PUBLIC ${TORCH_LIBRARIES} OpenMP::OpenMP_CXX)
target_compile_options(vantage_torch_pch PRIVATE ${VANTAGE_TORCH_FLAGS})
target_precompile_headers(vantage_torch_pch PRIVATE <torch/torch.h>)
vantage_target_defaults(vantage_torch_pch)

# Links `target` to LibTorch and gives it the shared precompiled torch header.
function(vantage_use_torch target)
    target_link_libraries(${target} PRIVATE ${TORCH_LIBRARIES} OpenMP::OpenMP_CXX)
    target_compile_options(${target} PRIVATE ${VANTAGE_TORCH_FLAGS})
    target_precompile_headers(${target} REUSE_FROM vantage_torch_pch)
endfunction()
