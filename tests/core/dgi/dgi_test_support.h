#pragma once
// What the DGI suites share: the error a call throws, and where two node matrices differ beyond
// PyTorch's allclose tolerances.

#include "common/error.h"
#include "dgi/evaluation_run.h"
#include "dgi/node_matrix.h"
#include "dgi/torchscript_import.h"

#include <QString>

#include <cmath>

namespace dgi_test {

template <typename F> vantage::Error errorOf(F f)
{
    try {
        f();
    } catch (const vantage::Error& e) {
        return e;
    }
    return vantage::Error("no error thrown");
}

// Empty when every |got - want| <= atol + rtol |want| (torch.allclose), else the first row and
// column that is not, with both values.
inline QString mismatch(
    const vantage::dgi::NodeMatrix& got, const vantage::dgi::NodeMatrix& want, double rtol = 1e-4, double atol = 1e-5)
{
    if (got.rows() != want.rows() || got.cols() != want.cols())
        return QString("shape %1 x %2, expected %3 x %4")
            .arg(got.rows())
            .arg(got.cols())
            .arg(want.rows())
            .arg(want.cols());
    for (std::int64_t v = 0; v < want.rows(); ++v)
        for (std::int64_t c = 0; c < want.cols(); ++c) {
            const double a = got.at(v, c);
            const double b = want.at(v, c);
            if (!(std::abs(a - b) <= atol + rtol * std::abs(b)))
                return QString("row %1 col %2: %3, expected %4").arg(v).arg(c).arg(a).arg(b);
        }
    return {};
}

// The sandboxed import and the request's model, for a test that follows neither progress nor Cancel.
inline vantage::dgi::GnnIr importModel(
    const std::filesystem::path& file, const vantage::dgi::TorchScriptImportOptions& options = {})
{
    vantage::NullProgress quiet;
    return vantage::dgi::importTorchScript(file, options, quiet, vantage::CancelToken());
}
inline vantage::dgi::GnnIr requestModel(const vantage::dgi::EvaluationRequest& request, std::int64_t featureWidth = 0)
{
    vantage::NullProgress quiet;
    return vantage::dgi::loadRequestModel(request, featureWidth, quiet, vantage::CancelToken());
}

} // namespace dgi_test
