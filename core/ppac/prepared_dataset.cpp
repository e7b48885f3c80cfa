#include "ppac/prepared_dataset.h"

#include "common/error.h"

#include <chrono>

namespace vantage::ppac {

std::shared_ptr<const PreparedDataset> prepare(
    Dataset dataset, const PrepareOptions& options, Progress& progress, const CancelToken& cancel)
{
    using Clock = std::chrono::steady_clock;
    checkDataset(dataset);
    if (dataset.train.isEmpty())
        throw Error::invalidInput("the training set is empty").inOp("dataset " + dataset.name);
    auto p = std::make_shared<PreparedDataset>();
    auto t0 = Clock::now();
    if (!options.similarUsersFile.empty()) {
        progress.report(0.0, "reading similar users");
        p->similar = readSimilarUsers(options.similarUsersFile, dataset.numUsers());
    } else {
        SubProgress sub(progress, 0.0, 0.6, "similar users");
        p->similar = computeSimilarUsers(
            dataset.train, { .k = options.similarUsers, .threads = options.threads }, sub, cancel);
    }
    p->similarSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
    cancel.throwIfCancelled();
    t0 = Clock::now();
    p->global = globalPopularity(dataset.train, options.headFraction);
    {
        SubProgress sub(progress, 0.6, 1.0, "personal popularity");
        p->personal = personalPopularity(dataset.train, p->similar, options.threads, sub, cancel);
    }
    p->popularitySeconds = std::chrono::duration<double>(Clock::now() - t0).count();
    p->known = dataset.known();
    p->dataset = std::move(dataset);
    progress.report(1.0, "prepared");
    return p;
}

} // namespace vantage::ppac
