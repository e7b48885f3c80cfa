#pragma once
// Reads a GNN exported with torch.export and saved with torch.export.save (a .pt2 archive) into
// the GNN IR, with its weights, in plain C++ (no LibTorch, so in every build):
//   ep = torch.export.export(model.eval(), (x, edge_index),
//                            dynamic_shapes=({0: Dim("nodes")}, {1: Dim("edges")}))
//   torch.export.save(ep, "model.pt2")
// The archive is a zip of the program's JSON (models/model.json: ATen-level ops, the tensors'
// shapes with symbolic sizes for the dynamic dimensions) and the weights' and constants' raw
// storages. Every entry, size, offset, dtype, shape and stride is checked against the archive
// before it is read; no pickle in it is ever read (the sample inputs' .pt is not needed). Each op
// is mapped to the IR through an op table (export_ops.cpp) as the TorchScript import maps its own;
// an op or a schema version it does not know is refused by name, with the PyTorch version that
// wrote the file.

#include "dgi/graph.h"
#include "dgi/ir.h"

#include "common/model_file.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace vantage::dgi {

struct ExportImportOptions {
    // Width of x; 0: the program's own (x's shape in the program). Another width is refused.
    std::int64_t inputWidth = 0;
};

GnnIr importExportedProgram(const std::filesystem::path& file, const ExportImportOptions& options = {});
// The same on an archive of `size` bytes read through `read` (the fuzz harness), named `source`.
GnnIr importExportedProgram(
    const ReadAt& read, std::uint64_t size, const std::string& source, const ExportImportOptions& options = {});

// Whether `file` is read as a torch.export program: its name ends in .pt2.
bool isExportedProgramFile(const std::filesystem::path& file);

// The canonical ops (core/dgi/op_table.h) the reader maps, sorted ("_operator.add", "aten::add", ...).
std::vector<std::string> exportedProgramOps();

// The schema versions (major) of ExportedProgram JSON the reader takes, and the PyTorch versions
// whose files the tests read.
inline constexpr int kExportSchemaMajor = 8;
inline constexpr const char* kExportTestedTorch = "2.15";

// The self-loops the model's message passing runs over: Add when it replaces the graph's
// self-loops by one per node itself (PyG's GCNConv, GATConv: remove_self_loops + add_self_loops),
// Keep for the edges as given. The evaluation builds its graph so.
SelfLoops modelSelfLoops(const GnnIr& ir);

} // namespace vantage::dgi
