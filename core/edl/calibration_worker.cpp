// LibTorch translation unit: one worker of FT's calibration (edl/calibration.h). Every device
// measures at once, as in training, and each figure is the slowest device's lower quartile.
#include "edl/calibration.h"

#include "common/error.h"
#include "common/json.h"
#include "edl/elastic.h"
#include "edl/store_client_p.h"

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <optional>

namespace vantage::edl {

namespace {

#if TORCH_VERSION_MAJOR >= 2
using Collectives = c10d::Backend;
#else
using Collectives = c10d::ProcessGroup;
#endif

using Clock = std::chrono::steady_clock;
constexpr int kTinyOps = 200; // tiny ops timed together (one is below the clock's resolution)

// The lower quartile of the repeats' times: on a shared machine a repeat that was descheduled says
// nothing about the device (the median of 5 still caught such repeats on a loaded 2-core host).
template <typename F> double typicalSeconds(int repeats, F&& body, bool warmUp = true)
{
    if (warmUp)
        body(); // first-touch pages, Gloo's buffers, BLAS's threads
    std::vector<double> times;
    for (int i = 0; i < repeats; ++i) {
        const auto t0 = Clock::now();
        body();
        times.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    std::nth_element(times.begin(), times.begin() + times.size() / 4, times.end());
    return times[times.size() / 4];
}

class Worker {
public:
    Worker(const std::filesystem::path& dir, int rank, int size)
        : m_dir(dir)
        , m_rank(rank)
        , m_size(size)
        , m_plan(calibrationPlanFromJson(readJsonFile(dir / "plan.json")))
    {
        const WorkerEnvironment env = WorkerEnvironment::fromEnvironment();
        const char* prefix = std::getenv("VANTAGE_EDL_STORE_PREFIX"); // the keys the store serves this run
        m_prefix = prefix ? prefix : "";
        m_timeout = std::chrono::milliseconds(static_cast<std::int64_t>(std::max(60.0, 2.0 * m_plan.stallS) * 1000));
        m_store = c10::make_intrusive<MemberStore>(env.endpoint, env.token, env.workerId + "/store", m_timeout);
        m_device = c10d::ProcessGroupGloo::createDeviceForHostname(env.glooHost);
        torch::set_num_threads(m_plan.threads);
        m_all = group(size, "all");
        m_total = double(gemmShapes(m_plan).size() + copySizes(m_plan).size() + 1)
            + double(4 * collectiveSizes(m_plan).size()) * std::max(0, size - 1);
    }

    void run()
    {
        DeviceSamples s;
        s.devices = m_size;
        s.threads = m_plan.threads;
        s.machine.torchVersion = TORCH_VERSION;
        s.machine.backend = "gloo";
        s.skipped.push_back(torch::cuda::is_available()
                ? "nccl: the calibration measures CPU processes with Gloo; the GPUs here were not measured"
                : "nccl: no GPU here (this LibTorch sees no CUDA device)");
        measureCompute(s);
        if (m_size < 2)
            s.skipped.push_back("collectives: one device, no group to measure");
        for (int g = 2; g <= m_size; ++g) {
            if (m_rank < g)
                measureCollectives(g, s);
            barrier(*m_all);
        }
        if (m_rank == 0)
            writeJsonFile(m_dir / "samples.json", toJson(s), 2, FileAccess::OwnerOnly);
        barrier(*m_all); // nobody leaves while rank 0 may still read from the group
    }

private:
    c10::intrusive_ptr<Collectives> group(int size, const std::string& prefix)
    {
        auto o = c10d::ProcessGroupGloo::Options::create(m_timeout);
        o->devices.push_back(m_device);
        o->threads = 2;
        auto prefixed = c10::make_intrusive<c10d::PrefixStore>(m_prefix + prefix, m_store);
        return c10::make_intrusive<c10d::ProcessGroupGloo>(prefixed, m_rank, size, o);
    }

    static void barrier(Collectives& g)
    {
        std::vector<torch::Tensor> t{ torch::zeros({ 1 }) };
        g.allreduce(t)->wait();
    }

    // The slowest device's figure: every device measured it at once.
    static double slowest(Collectives& g, double seconds)
    {
        std::vector<torch::Tensor> t{ torch::tensor({ seconds }, torch::kDouble) };
        c10d::AllreduceOptions o;
        o.reduceOp = c10d::ReduceOp::MAX;
        g.allreduce(t, o)->wait();
        return t[0].item<double>();
    }

    void advance()
    {
        if (m_rank != 0)
            return;
        ++m_done;
        const auto tmp = m_dir / "progress.tmp";
        std::ofstream(tmp) << m_done << ' ' << m_total << '\n';
        std::filesystem::rename(tmp, m_dir / "progress");
    }

    void measureCompute(DeviceSamples& s)
    {
        for (GemmSample shape : gemmShapes(m_plan)) {
            const auto a = torch::randn({ shape.m, shape.k }), b = torch::randn({ shape.k, shape.n });
            barrier(*m_all);
            shape.seconds = slowest(*m_all, typicalSeconds(m_plan.repeats, [&] { (void)torch::mm(a, b); }));
            s.gemms.push_back(shape);
            advance();
        }
        for (double bytes : copySizes(m_plan)) {
            const auto from = torch::rand({ static_cast<std::int64_t>(bytes / 4.0) });
            auto to = torch::empty_like(from);
            barrier(*m_all);
            s.copies.push_back({ bytes, slowest(*m_all, typicalSeconds(m_plan.repeats, [&] { to.copy_(from); })) });
            advance();
        }
        measureSpecial(s);
        auto tiny = torch::ones({ 1 });
        barrier(*m_all);
        const double batch = typicalSeconds(m_plan.repeats, [&] {
            for (int i = 0; i < kTinyOps; ++i)
                tiny.add_(1.0);
        });
        s.opOverheadS = slowest(*m_all, batch) / kTinyOps;
        advance();
    }

    // tanh and exp over the largest copy's elements, out of place into a tensor made once, less the
    // copy's time: what an element of a special function takes beyond the bytes it moves (most of
    // its time on a CPU, next to nothing on a GPU).
    void measureSpecial(DeviceSamples& s)
    {
        const auto elements = static_cast<std::int64_t>(copySizes(m_plan).back() / 4.0);
        const auto from = torch::rand({ elements }) - 0.5;
        auto to = torch::empty_like(from);
        barrier(*m_all);
        const double tanh = slowest(*m_all, typicalSeconds(m_plan.repeats, [&] { torch::tanh_out(to, from); }));
        barrier(*m_all);
        const double exp = slowest(*m_all, typicalSeconds(m_plan.repeats, [&] { torch::exp_out(to, from); }));
        const double copy = s.copies.empty() ? 0.0 : s.copies.back().seconds; // the same bytes moved
        s.specialSPerElement = std::max(0.0, (tanh + exp) / 2.0 - copy) / double(elements);
    }

    // Each collective's sizes are timed in rounds (every size once per round), so that a stretch
    // in which the OS deschedules a device spoils one round of several sizes, not every repeat of one.
    void measureCollectives(int g, DeviceSamples& s)
    {
        const auto pg = group(g, "g" + std::to_string(g));
        const std::vector<double> sizes = collectiveSizes(m_plan);
        for (const auto& entry : kCollectives.entries) {
            std::vector<std::function<void()>> calls;
            std::vector<std::int64_t> elements;
            for (double bytes : sizes) {
                // fp32 elements, a multiple of the group's size (each device's part is whole)
                elements.push_back(std::max<std::int64_t>(g, static_cast<std::int64_t>(bytes / 4.0) / g * g));
                calls.push_back(collective(*pg, entry.value, elements.back(), s));
                calls.back()(); // warm-up
            }
            std::vector<std::vector<double>> times(calls.size());
            for (int r = 0; r < m_plan.repeats; ++r)
                for (std::size_t i = 0; i < calls.size(); ++i)
                    times[i].push_back(typicalSeconds(1, calls[i], false));
            for (std::size_t i = 0; i < calls.size(); ++i) {
                std::nth_element(times[i].begin(), times[i].begin() + times[i].size() / 4, times[i].end());
                const double seconds = slowest(*pg, times[i][times[i].size() / 4]);
                s.collectives.push_back({ entry.value, g, 4.0 * double(elements[i]), seconds });
                advance();
            }
        }
    }

    // One call of `kind` on `n` fp32 elements (as common/calibration.h counts them) over `g`'s devices.
    std::function<void()> collective(Collectives& g, Collective kind, std::int64_t n, DeviceSamples& s)
    {
        const std::int64_t p = g.getSize();
        switch (kind) {
        case Collective::AllReduce:
            return [&g, t = std::vector<torch::Tensor>{ torch::ones({ n }) }]() mutable { g.allreduce(t)->wait(); };
        case Collective::AllGather:
            return [&g, in = std::vector<torch::Tensor>{ torch::ones({ n / p }) },
                       out = std::vector<std::vector<torch::Tensor>>{ std::vector<torch::Tensor>(
                           static_cast<std::size_t>(p), torch::empty({ n / p })) }]() mutable {
                g.allgather(out, in)->wait();
            };
        case Collective::AllToAll:
            return [&g, in = torch::ones({ n }), out = torch::empty({ n })]() mutable {
                std::vector<std::int64_t> even;
                g.alltoall_base(out, in, even, even)->wait();
            };
        case Collective::ReduceScatter:
            return reduceScatter(g, n, s);
        }
        throw Error::failure("unknown collective");
    }

    // Gloo in LibTorch 1.13 has no reduce-scatter: torch.distributed's callers (DTensor) all-reduce
    // and keep their slice there, so that is what is measured where the native call is refused.
    std::function<void()> reduceScatter(Collectives& g, std::int64_t n, DeviceSamples& s)
    {
        const std::int64_t p = g.getSize();
        auto in = std::vector<std::vector<torch::Tensor>>{ torch::ones({ n }).chunk(p) };
        auto out = std::vector<torch::Tensor>{ torch::empty({ n / p }) };
        if (!m_nativeReduceScatter.has_value()) {
            try {
                g.reduce_scatter(out, in)->wait();
                m_nativeReduceScatter = true;
            } catch (const c10::Error&) {
                m_nativeReduceScatter = false;
                s.implementations.emplace_back(
                    "reduce_scatter", "all-reduce, then each device keeps its slice (this Gloo has no reduce-scatter)");
            }
        }
        if (*m_nativeReduceScatter)
            return [&g, in, out]() mutable { g.reduce_scatter(out, in)->wait(); };
        const std::int64_t rank = g.getRank();
        return [&g, t = std::vector<torch::Tensor>{ torch::ones({ n }) }, out, rank, p]() mutable {
            g.allreduce(t)->wait();
            out[0].copy_(t[0].chunk(p)[static_cast<std::size_t>(rank)]);
        };
    }

    std::filesystem::path m_dir;
    std::string m_prefix;
    int m_rank, m_size;
    CalibrationPlan m_plan;
    std::chrono::milliseconds m_timeout{ 0 };
    c10::intrusive_ptr<c10d::Store> m_store;
    std::shared_ptr<::gloo::transport::Device> m_device;
    c10::intrusive_ptr<Collectives> m_all;
    std::optional<bool> m_nativeReduceScatter;
    double m_done = 0.0, m_total = 1.0;
};

} // namespace

void runCalibrationWorker(const std::filesystem::path& dir, int rank, int size)
{
    try {
        Worker(dir, rank, size).run();
    } catch (const c10::Error& e) {
        throw Error::failure(
            std::string("calibration worker ") + std::to_string(rank) + ": " + e.what_without_backtrace());
    }
}

} // namespace vantage::edl
