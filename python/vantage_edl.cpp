// vantage_edl: the elastic API for PyTorch training scripts. The same contract as the C++
// ElasticContext (core/edl/elastic.h), on the user's nn.Module and torch.optim.Optimizer:
//
//   import vantage_edl as edl
//   ctx = edl.ElasticContext(dataset_size=len(dataset))   # registers with the job's leader
//   ctx.attach(model, optimizer)
//   for step in ctx:                                      # joins, leaves, restores happen in here
//       optimizer.zero_grad()
//       loss_sum = 0.0
//       for ids in step.micro_batches():
//           loss = loss_fn(model(x[ids]), y[ids], reduction="sum"); loss.backward()
//           loss_sum += loss.item()
//       if ctx.allreduce_gradients():                     # False: a peer died, the step is rolled back
//           optimizer.step()
//       ctx.commit(loss_sum, step.sample_ids)
//   sys.exit(ctx.exit_code)
//
// The model's and optimizer's state travels as torch.save bytes of their state_dicts (the commit
// point, joiners' state, checkpoints); gradients are summed over the group by c10d (Gloo on CPU,
// NCCL on a GPU in the CUDA flavour) exactly as for C++ workers. Calls that wait for the leader or
// the group release the GIL; the context calls back into Python (state, parameters, learning rate)
// with the GIL held.
#include "common/error.h"
#include "edl/elastic.h"

#include <pybind11/stl.h>
#include <torch/extension.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <string>
#include <unistd.h>
#include <unordered_set>

namespace py = pybind11;
using namespace vantage::edl;

namespace {

std::atomic<bool> g_terminate{ false };

extern "C" void onTerminate(int)
{
    g_terminate.store(true);
}

// The user's model and optimizer, through their state_dicts.
class PythonState final : public TrainingState {
public:
    PythonState(py::object model, py::object optimizer, std::string device)
        : m_model(std::move(model))
        , m_optimizer(std::move(optimizer))
        , m_device(std::move(device))
    { }
    ~PythonState() override
    {
        py::gil_scoped_acquire gil;
        m_model = py::object();
        m_optimizer = py::object();
    }

    std::vector<at::Tensor> parameters() override
    {
        py::gil_scoped_acquire gil;
        std::vector<at::Tensor> out;
        for (const auto& p : m_model.attr("parameters")())
            out.push_back(py::cast<at::Tensor>(p));
        return out;
    }
    std::string serialize() override
    {
        py::gil_scoped_acquire gil;
        const auto torch = py::module_::import("torch");
        auto buffer = py::module_::import("io").attr("BytesIO")();
        py::dict state;
        state["model"] = m_model.attr("state_dict")();
        state["optimizer"] = m_optimizer.attr("state_dict")();
        torch.attr("save")(state, buffer);
        return py::cast<std::string>(py::bytes(buffer.attr("getvalue")()));
    }
    void load(const std::string& bytes) override
    {
        py::gil_scoped_acquire gil;
        const auto torch = py::module_::import("torch");
        auto buffer = py::module_::import("io").attr("BytesIO")(py::bytes(bytes));
        // Only tensors and plain values: a hostile checkpoint cannot run code here.
        const py::object state
            = torch.attr("load")(buffer, py::arg("map_location") = m_device, py::arg("weights_only") = true);
        m_model.attr("load_state_dict")(state["model"]);
        m_optimizer.attr("load_state_dict")(state["optimizer"]);
    }
    void setLearningRate(double lr) override
    {
        py::gil_scoped_acquire gil;
        for (auto group : m_optimizer.attr("param_groups"))
            group[py::str("lr")] = lr;
    }

private:
    py::object m_model;
    py::object m_optimizer;
    std::string m_device;
};

class PyElasticContext;

// The contexts whose constructor completed. pybind11 hands a method of an object made by
// ElasticContext.__new__ without __init__ (or whose __init__ raised) a pointer to memory it allocated
// lazily and never constructed, so `self` must be looked up, not trusted. Touched with the GIL held.
std::unordered_set<const PyElasticContext*>& liveContexts()
{
    static std::unordered_set<const PyElasticContext*> contexts;
    return contexts;
}

class PyElasticContext {
public:
    explicit PyElasticContext(std::optional<std::int64_t> datasetSize)
    {
        WorkerEnvironment env = WorkerEnvironment::fromEnvironment();
        const char* stdinToken = std::getenv("VANTAGE_EDL_TOKEN_STDIN");
        if (stdinToken && std::string(stdinToken) == "1")
            env.readTokenFromStdin(g_terminate);
        // SIGTERM from the leader (scale-in of a stuck worker, the job's end) ends the loop at the
        // next wait instead of killing the interpreter mid-step.
        std::signal(SIGTERM, onTerminate);
        std::signal(SIGHUP, onTerminate);
        env.terminate = &g_terminate;
        {
            py::gil_scoped_release release;
            m_ctx = std::make_unique<ElasticContext>(env);
        }
        if (datasetSize && *datasetSize != m_ctx->spec().samples)
            throw vantage::Error::invalidInput("this job trains sample ids 0.."
                + std::to_string(m_ctx->spec().samples - 1) + " but the script's data set has "
                + std::to_string(*datasetSize) + " samples; start the job with --samples "
                + std::to_string(*datasetSize))
                .forField("samples");
        liveContexts().insert(this);
    }
    ~PyElasticContext()
    {
        liveContexts().erase(this);
        py::gil_scoped_release release;
        m_ctx.reset();
        m_state.reset();
    }

    void attach(py::object model, py::object optimizer)
    {
        if (m_state)
            throw vantage::Error::failure("attach() was called twice").inOp("elastic context");
        m_state = std::make_unique<PythonState>(std::move(model), std::move(optimizer), m_ctx->device());
        py::gil_scoped_release release;
        m_ctx->attach(*m_state);
    }

    StepBatch next()
    {
        if (m_stepOpen)
            throw vantage::Error::failure("the loop asked for step " + std::to_string(m_lastStep + 1)
                + " without committing step " + std::to_string(m_lastStep)
                + ": call ctx.commit(loss_sum, step.sample_ids) at the end of every step")
                .inOp("elastic context");
        std::optional<StepBatch> s;
        {
            py::gil_scoped_release release;
            s = m_ctx->nextStep();
        }
        if (!s)
            throw py::stop_iteration();
        m_stepOpen = true;
        m_lastStep = s->step;
        return *s;
    }

    bool allreduce()
    {
        py::gil_scoped_release release;
        return m_ctx->allreduceGradients();
    }

    bool commit(double lossSum, const std::vector<std::int64_t>& ids)
    {
        py::gil_scoped_release release;
        const bool ok = m_ctx->commit(lossSum, ids);
        m_stepOpen = false;
        return ok;
    }

    ElasticContext& ctx() { return *m_ctx; }

private:
    std::unique_ptr<ElasticContext> m_ctx;
    std::unique_ptr<PythonState> m_state;
    bool m_stepOpen = false;
    std::int64_t m_lastStep = -1;
};

// `self` of a method: an object whose constructor never completed (ElasticContext.__new__ without
// __init__, or an __init__ that raised) is a Python error, never a dereference.
PyElasticContext& live(PyElasticContext* self)
{
    if (!self || liveContexts().count(self) == 0)
        throw vantage::Error::failure(
            "this ElasticContext was never initialised (ElasticContext.__new__ without __init__, or __init__ "
            "raised): create it with vantage_edl.ElasticContext()")
            .inOp("elastic context");
    return *self;
}

// A method of PyElasticContext as a binding that checks `self` first.
template <typename R, typename... Args> auto checked(R (PyElasticContext::*method)(Args...))
{
    return [method](
               PyElasticContext* self, Args... args) -> R { return (live(self).*method)(std::forward<Args>(args)...); };
}

py::object jsonToPython(const vantage::Json& j)
{
    return py::module_::import("json").attr("loads")(j.dump());
}

} // namespace

PYBIND11_MODULE(vantage_edl, m)
{
    m.doc() = "Vantage's elastic training API for PyTorch scripts (docs/edl.md, 'From Python')";
    py::register_exception<vantage::Error>(m, "Error", PyExc_RuntimeError);

    py::class_<StepBatch>(m, "Step", "This worker's part of one step")
        .def_readonly("step", &StepBatch::step)
        .def_readonly("epoch", &StepBatch::epoch)
        .def_readonly("generation", &StepBatch::generation)
        .def_readonly("sample_ids", &StepBatch::sampleIds, "This worker's sample ids (a list of int)")
        .def_readonly("global_samples", &StepBatch::globalSamples, "The whole group's samples in this step")
        .def_readonly("micro_batch", &StepBatch::microBatch)
        .def_readonly("lr", &StepBatch::lr, "The learning rate, already set on the optimizer")
        .def_readonly("rank", &StepBatch::rank)
        .def_readonly("world_size", &StepBatch::worldSize)
        .def(
            "micro_batches",
            [](const StepBatch& s) {
                std::vector<std::vector<std::int64_t>> out;
                for (auto span : s.microBatches())
                    out.emplace_back(span.begin(), span.end());
                return out;
            },
            "sample_ids cut into micro-batches of at most micro_batch ids (one list when it is 0)")
        .def("__repr__", [](const StepBatch& s) {
            return "<vantage_edl.Step " + std::to_string(s.step) + " epoch " + std::to_string(s.epoch) + ", "
                + std::to_string(s.sampleIds.size()) + " samples, rank " + std::to_string(s.rank) + " of "
                + std::to_string(s.worldSize) + ">";
        });

    py::class_<PyElasticContext>(m, "ElasticContext",
        "Registers this process with its job's leader (from the VANTAGE_EDL_* variables its launcher set)")
        .def(py::init<std::optional<std::int64_t>>(), py::arg("dataset_size") = py::none())
        .def("attach", checked(&PyElasticContext::attach), py::arg("model"), py::arg("optimizer"),
            "The model and optimizer whose state is committed, restored and sent to joiners; once, "
            "before the first step, after the model is on ctx.device")
        .def("__iter__",
            [](py::object self) {
                (void)live(self.cast<PyElasticContext*>());
                return self;
            })
        .def("__next__", checked(&PyElasticContext::next))
        .def("allreduce_gradients", checked(&PyElasticContext::allreduce),
            "Sums the gradients over the group and divides them by the step's global sample count "
            "(the loss is a sum over samples). False when a peer died: skip optimizer.step() and "
            "commit all the same; the step is rolled back")
        .def("commit", checked(&PyElasticContext::commit), py::arg("loss_sum"), py::arg("trained_ids"),
            "Reports the step; True when the leader committed it, False when it was rolled back")
        .def_property_readonly("device", [](PyElasticContext* c) { return live(c).ctx().device(); })
        .def_property_readonly("worker_id", [](PyElasticContext* c) { return live(c).ctx().workerId(); })
        .def_property_readonly(
            "spec", [](PyElasticContext* c) { return jsonToPython(toJson(live(c).ctx().spec())); },
            "The job's spec: samples, epochs, batch, lr, momentum, seed, ... (a dict)")
        .def_property_readonly(
            "end_reason", [](PyElasticContext* c) { return std::string(vantage::enumName(live(c).ctx().endReason())); })
        .def_property_readonly("end_message", [](PyElasticContext* c) { return live(c).ctx().endMessage(); })
        .def_property_readonly(
            "exit_code", [](PyElasticContext* c) { return workerExitCode(live(c).ctx().endReason()); },
            "What the script should exit with: 0 finished, stopped or left, 3 leader lost, 4 job failed, 5 terminated")
        .def("parameter_hash",
            [](PyElasticContext* c) {
                auto& ctx = live(c).ctx();
                py::gil_scoped_release release;
                return ctx.parameterHash();
            })
        .def(
            "save_committed",
            [](PyElasticContext* c, const std::string& path) {
                auto& ctx = live(c).ctx();
                py::gil_scoped_release release;
                ctx.saveCommitted(path);
            },
            py::arg("path"), "Writes the last committed state to a checkpoint file");
}
