<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Params</name>
    <message>
        <source>Wrap the model with PPAC&apos;s personal and global popularity branches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LightGCN propagation layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adam learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training triples per batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight of the L2 penalty on the batch&apos;s embeddings (0: none, as RecBole&apos;s BPR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight of PPAC&apos;s two popularity (MSE) terms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spread of the initial embeddings (normal, this deviation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of initialisation, shuffling and negatives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads (0: all cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cpu, cuda or cuda:N: where the model trains (a GPU needs the CUDA build; ranking stays on the CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Early stopping on: holdout (a split held out of training), balanced-test (the authors&apos; protocol: the balanced test itself) or none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs between validations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validate on a fixed random sample of this many users (0: all; faster on large data)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation metric for early stopping (at K = 20)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validations without improvement before stopping (0: never)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank the full and balanced tests every this many epochs and report them (learning curves; never used to pick the weights; 0: never)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size (zoo models; 0: the model&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length, or image side for CNNs (zoo models; 0: the model&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge points within a factor 1 + EPS (0: exact)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search threads (0: all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most dims one op splits at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixed (fp16/bf16 compute, fp32 master weights) or fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adam or sgd (with momentum)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also price data parallel, Megatron TP x DP and min-time baselines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds between a worker&apos;s heartbeats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds of silence before a worker counts as failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a collective or rendezvous may take</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a member may take to report a step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a joiner may take to become ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a worker waits to hear from the leader before it ends the job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a client request may stay unanswered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight of personal popularity (γ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight of global popularity (β)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of each user&apos;s training interactions held out for validation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of the generated data set (sample ids 0 to N-1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs over the data set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch (samples per step), constant across sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples per ledger chunk (0: automatic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most samples per forward/backward; more are accumulated (0: no limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the global batch constant when workers join or leave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the per-worker batch: scale the learning rate linearly with workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers of the first generation (for batch and rate scaling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the data set, the model and the data order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden width (MLP) or channels (CNN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Torch threads per worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per gradient allreduce bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address space of each worker process, MiB (0: no limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU time of each worker process, seconds (0: no limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base architecture: mf or lightgcn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the job trains: a built-in model (mlp, cnn), your TorchScript module (torchscript) or your Python script (python)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your TorchScript module (torch.jit.script(model).save(FILE)), trained instead of a built-in model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The module&apos;s data: a folder with inputs.npy and targets.npy, or INPUTS.npy,TARGETS.npy (one row per sample)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The module&apos;s loss: auto (its loss(output, target) method, else cross-entropy for integer targets and squared error for float ones), cross_entropy or mse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your Python training script (its workers run `python SCRIPT ARGS...` and use the vantage_edl module)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes measured, one device each (0: the number of cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads of each process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest matmul dimension (from 64 up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest copy (memory bandwidth)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest collective (from 4 KiB up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed repetitions of each measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail when the workers say nothing for this long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph: FILE (edge list), FILE.csv[.gz] (OGB), DIR (dgi generate), csr:INDPTR.npy,INDICES.npy, or rmat:n=..,deg=..,seed=.. / chunglu:... / er:...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self-loops: keep, add (one per node) or remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the reverse of every edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node count for text formats (0: largest id + 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge repeated edges into one (default: used as given, as the model&apos;s own forward sums them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input width of a built-in model (0: 64, or the features&apos; width)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden width of a built-in model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output width of a built-in model (0: hidden)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers of a built-in model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GAT heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the built-in model&apos;s weights and of random features</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node features, float .npy (N x d); default: random, seeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the first mode&apos;s output as float .npy (original node order, the model&apos;s own shape)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node tensors&apos; type: float32 or float64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory for node stores and batches (512M, 2G; 0: half the free memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where node stores live: auto (memory while they fit half the budget), memory or disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for on-disk node stores (default: the temp folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node reordering: none, bfs or rcm (the output stays in the original order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cpu, cuda or cuda:N: where layer-wise and full-graph evaluation run (a GPU needs the CUDA build)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On a GPU: device memory for stores and batches (8G; 0: 85% of what is free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destination nodes per batch (0: from the memory budget)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edges per batch (0: from the memory budget)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node-wise: target nodes per batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node-wise: time this many batches, extrapolate the rest (0: all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node-wise: stop after this many seconds and extrapolate (0: no limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers of the first generation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where workers run: auto (ssh with --hosts, else local), local, ssh, or slurm (job steps of the Slurm allocation the leader runs in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start workers over ssh on the hosts of FILE (host [slots=N] [devices=..] [worker=PATH]); none: local workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale events at committed steps: &quot;step=50:+1,step=120:-1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fault injection: &quot;step=80:worker=1[:phase=allreduce]&quot; or &quot;step=5:worker=1:slow=200&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the job changes size: live (stop-free) or stop-restart (checkpoint, stop, restart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ssh command for --hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>srun command for --launcher slurm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address the control plane and the store listen on (remote hosts need a reachable one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Control port (0: any free port)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the job file (address and token) into the job folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds the first generation may take to form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start from a checkpoint (final.pt, last_commit.pt of an ended job)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights of personal popularity (γ) to sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights of global popularity (β) to sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: gcn, sage, gat, gin, jknet, a torch.export FILE.pt2 or a TorchScript FILE.pt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training steps of every run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the weights and batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cpu (Gloo) or cuda (NCCL, a GPU per process)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python with PyTorch ($VANTAGE_PYTHON, else python3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop a run that prints nothing for this long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also offer ZeRO stages 1 to N over each op&apos;s data-parallel group (0: none; 3 shards optimizer state, gradients and weights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also offer selective recomputation of attention (its scores are not kept; its forward runs again in backward)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untimed steps before them (warm-up)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Phase</name>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baselines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frontier search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reordering nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preparing the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cutting into layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drawing the cut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full-graph forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partial request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>neighbourhood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>splitting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prepared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precomputing scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>similar users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading similar users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>personal popularity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>similar users and popularity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exhaustive ranking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-ranking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-ranked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting the leader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting the new workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer-wise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node-wise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node-wise batch %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand-written GCN, layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>building</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removing the old workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fitting</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunCommands</name>
    <message>
        <source>Rename Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag Run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UntitledSession</name>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Vantage workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session file to open (*.vantage)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the demo session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a PNG of the window after start-up, then quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tab to show first (by index)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the report HTML file as a paged PDF to the file given after it, then quit (used by vantage-cli report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the wall-clock time of the window&apos;s first paint (ms since 1970) and quit (for the start-up benchmark)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language of the window for this start (en, de, zh_CN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of the window, e.g. 1024x700</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::CompareView</name>
    <message>
        <source>run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select at least two runs to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs of different engines cannot be compared (%1 and %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per iteration (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frontiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters and results</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::DgiPage</name>
    <message>
        <source>A generator (rmat:…, chunglu:…, er:…), an edge list, an OGB edge.csv(.gz), csr:INDPTR.npy,INDICES.npy or a saved graph folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphs (*.txt *.el *.csv *.gz *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symmetrise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self-loops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reverse Cuthill-McKee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Breadth-first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (half the free memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory for node tensors, e.g. 512M or 4G; beyond it they go to memory-mapped files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also node by node (the baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut into Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input features:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden width:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reordering:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer Cut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 cut into %n layer(s).</source>
        <translation>
            <numerusform>%1 cut into %n layer.</numerusform>
            <numerusform>%1 cut into %n layers.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot cut the model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written by layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last read by layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GNN evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extrapolated from %1 of %2 batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per layer, as shares of each mode&apos;s total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer-wise is %1× faster than node-wise (largest difference of outputs %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GNN Evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds (bar length is the time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shares of each mode&apos;s total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per layer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest In-degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Picks the node with the most in-edges, the costliest for node-wise evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate to inspect nodes: the embeddings of the last evaluation are kept in memory, not in the session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per layer (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node-wise is %1× faster than layer-wise on this graph (largest difference of outputs %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a node of the last evaluated graph (%1 nodes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspect node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot inspect the node: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes within</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1: in-degree %2, out-degree %3; embedding of %4 values, norm %5. Node-wise evaluation of this node alone touches the %6 nodes within %7 hops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer-wise and node-wise take about the same time on this graph (largest difference of outputs %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used only when the TorchScript model does not tell the width of x (no linear layer reads it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cutting %1 into layers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut into layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cutting the model cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The node-wise baseline was cancelled; the layer-wise result is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graph&apos;s edges were used as given: %1 repeated edges and %2 self-loops (the model sums over repeated edges). &quot;Merge repeated edges&quot; and &quot;Self-loops&quot; change that.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graph&apos;s edges were used as given: %1 repeated edges (the model sums over them). &quot;Merge repeated edges&quot; changes that.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graph&apos;s self-loops were used as given: %1 of them. &quot;Self-loops&quot; gives every node exactly one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer-wise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node-wise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the reverse of every edge (repeated edges are then merged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give every node exactly one self-loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge repeated edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count an edge given twice once (the model itself would sum it twice)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU: CUDA sees none on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU path in this build: its LibTorch is CPU-only (build the CUDA flavour)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the layer-wise evaluation runs; the node-by-node baseline runs on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluates every node on its own as well, for comparison; after 15 s the rest is extrapolated from the batches done. Cancel during it keeps the layer-wise result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} aggregation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} aggregations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} dense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} per edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a box per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a box per {n} layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers {a}-{b}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source pass (all nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocks (per batch of destinations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{w} x {s} B per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random, seeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node Features</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node features:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set by the model file: shown once it is cut or evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A built-in model, or the path of a model file: a torch.export program (.pt2), or a TorchScript model written by scripts/write_gnn_model.py</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GNN Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch models (*.pt2 *.pt *.pth);;torch.export (*.pt2);;TorchScript (*.pt *.pth);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::EdlPage</name>
    <message>
        <source>MLP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Small CNN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices of local workers, round robin: cpu, cuda:0, cuda:1, …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local (or a host file for ssh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace stragglers automatically</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trainer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training, live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the job…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start elastic job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job runs, but cannot be recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot attach: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker %1 failed at step %2: %3 (silent %4 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch %1 done: %2 of %3 samples trained exactly once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot record the curves: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot record the end of the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;generation %3 · step %4 · epoch %5/%6&lt;br&gt;loss %7 · %8 samples/s · %9 workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elastic Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migrate Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts workers on the devices of the Devices field, waits until they train, then removes the selected workers (all of them when none is selected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs the job briefly at 1 to N workers (N from the Workers field) and draws samples/s against workers; the job returns to its size afterwards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute time of each worker&apos;s step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers over time; squares mark scale events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling curve (Profile Throughput)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss and Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step Time per Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunks (epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration of every worker requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration requested: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migrate workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Migration done: %n scale event(s), %1 ms of pause in all</source>
        <translation>
            <numerusform>Migration done: %n scale event, %1 ms of pause in all</numerusform>
            <numerusform>Migration done: %n scale events, %1 ms of pause in all</numerusform>
        </translation>
    </message>
    <message>
        <source>Migration did not finish: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiling throughput at 1 to %1 workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling curve: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiling did not finish: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the model: a TorchScript file saved with torch.jit.save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the data: a folder with inputs.npy and targets.npy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the script: a Python file that trains with the vantage_edl module.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job runs, but its curves cannot be recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale-out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training of run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot record a job that ended meanwhile: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The elastic job %1 is training (step %2, %n worker(s)).</source>
        <translation>
            <numerusform>The elastic job %1 is training (step %2, %n worker).</numerusform>
            <numerusform>The elastic job %1 is training (step %2, %n workers).</numerusform>
        </translation>
    </message>
    <message>
        <source>Leader: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · joined: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · left: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1: %2, %3 → %4 workers, %5 ms of pause%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 not sent: the job has ended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requested…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: accepted (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job ended before it answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your TorchScript model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your Python script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model.pt, saved by torch.jit.save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript (*.pt *.pth);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a folder with inputs.npy and targets.npy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train.py, written with the vantage_edl module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training Script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python (*.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the script&apos;s own arguments, e.g. --data images.pt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Python that runs the script on every worker; it must have torch and vantage_edl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Script:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data decides: one sample per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The size of the script&apos;s data set: sample ids 0 to N-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leaving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale-out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>migration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restored from a checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after a failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workers started locally</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workers started over ssh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workers started as Slurm job steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leader on %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::EnginePage</name>
    <message>
        <source>%1: done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::FtPage</name>
    <message>
        <source>device counts must be positive integers separated by commas, got “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give at least one device count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device counts, separated by commas: one frontier each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 finds the exact frontier; ε &gt; 0 merges points within a factor 1 + ε (for huge graphs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search Frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cluster:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Devices:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log time axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log memory axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Strategy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster profiles (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frontier search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n device</numerusform>
            <numerusform>%n devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1, %n device</numerusform>
            <numerusform>%1, %n devices</numerusform>
        </translation>
    </message>
    <message>
        <source>Device memory (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, batch %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-partition copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time %1 · memory %2 per device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show the strategy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot record the pick: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json);;Text summary (*.txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 has no frontier to show (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelization Frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to frontiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Axes over the frontiers only; baselines far from them fall outside the plot (data parallel is compared with the fastest strategy under the search). Click a device count in the legend to hide or show it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    fastest %1 at %2; data parallel %3 at %4 (%5× the time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron TP×DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OptCNN (fastest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Least memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No frontier yet: choose a model, a cluster and device counts, then Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit in device memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n Pareto point(s)</source>
        <translation>
            <numerusform>%n Pareto point</numerusform>
            <numerusform>%n Pareto points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (fits %2 of %n frontier(s))</source>
        <translation>
            <numerusform>%1 (fits %2 of %n frontier)</numerusform>
            <numerusform>%1 (fits %2 of %n frontiers)</numerusform>
        </translation>
    </message>
    <message>
        <source>Does not fit in device memory: this strategy needs %1 per device, a device has %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Fits: %1 of the %2 of a device, on %n device(s): the fastest strategy that fits, over every device count searched.</source>
        <translation>
            <numerusform>Fits: %1 of the %2 of a device, on %n device: the fastest strategy that fits, over every device count searched.</numerusform>
            <numerusform>Fits: %1 of the %2 of a device, on %n devices: the fastest strategy that fits, over every device count searched.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fits: %1 of the %2 of a device, on %n device(s).</source>
        <translation>
            <numerusform>Fits: %1 of the %2 of a device, on %n device.</numerusform>
            <numerusform>Fits: %1 of the %2 of a device, on %n devices.</numerusform>
        </translation>
    </message>
    <message>
        <source>No strategy found at any device count searched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Nothing fits in device memory: the leanest strategy needs %1 per device (on %n device(s)), a device has %2.</source>
        <translation>
            <numerusform>Nothing fits in device memory: the leanest strategy needs %1 per device (on %n device), a device has %2.</numerusform>
            <numerusform>Nothing fits in device memory: the leanest strategy needs %1 per device (on %n devices), a device has %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fewer samples per device (export the op graph again with a smaller --batch) or more devices lower it; FT does not model ZeRO sharding or activation recomputation yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fewer samples per device (a smaller batch) or more devices lower it; FT does not model ZeRO sharding or activation recomputation yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This strategy does not fit in device memory: it needs %1 per device, a device has %2. Export it anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an op graph (JSON).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The op graph file sets its own shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch &amp;size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;psilon:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per iteration (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks on each frontier the fastest strategy within this memory per device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory &amp;budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To get one from a PyTorch model, run the exporter on the callable that builds it (MODULE:NAME or FILE.py:NAME), with one sample&apos;s input and the batch:
python3 scripts/export_ft_graph.py --model torchvision.models:resnet50 --input float:3,224,224 --batch 64 --out resnet50.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON op graph (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a model file; FT reads op graphs (JSON).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure matmuls, memory bandwidth, op overhead and the collectives of this machine&apos;s devices, and add the fitted profile to the cluster box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads each:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest matmul:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrate This Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (calibrated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration %1 has no profile (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>my_model.py:build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The callable that returns your nn.Module: FILE.py:NAME or MODULE:NAME, as the exporter takes it (filled in when the op graph records it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One sample per argument of forward, separated by spaces: long:SEQ for tokens, float:C,H,W for an image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validate Frontier runs this many points, spread over the picked frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run This Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train the picked strategy on your module for a few steps, one process per device, and measure its time and memory against the prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validate Frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run points of the picked frontier and compare each with its prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Losses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Module:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a strategy on the chart first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the module that builds your model (FILE.py:NAME).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the strategy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validating the frontier…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The validation failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>equal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differ by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 has no measurement (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO + recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>ZeRO-%1 on %n op(s)</source>
        <translation>
            <numerusform>ZeRO-%1 on %n op</numerusform>
            <numerusform>ZeRO-%1 on %n ops</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>recomputation on %n op(s)</source>
        <translation>
            <numerusform>recomputation on %n op</numerusform>
            <numerusform>recomputation on %n ops</numerusform>
        </translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>up to stage </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;ZeRO:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP (ZeRO-3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron + ZeRO-1 / recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy runner&apos;s overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also measure what the strategy runner (PyTorch&apos;s DTensor, in Python) adds to each ATen op, forward and backward, so that predictions of strategies run by Run This Strategy and Validate Frontier include it (Python with PyTorch: $VANTAGE_PYTHON, else python3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::MainWindow</name>
    <message>
        <source>Vantage sessions (*.vantage);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read runs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session Browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;name Run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tags…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session &amp;Browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Vantage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” no longer exists; it is removed from the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) had been interrupted and are now marked failed.</source>
        <translation>
            <numerusform>%n run had been interrupted and are now marked failed.</numerusform>
            <numerusform>%n runs had been interrupted and are now marked failed.</numerusform>
        </translation>
    </message>
    <message>
        <source>Session upgraded; the old file was kept as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the session.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot replace “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the session.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled.vantage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the session.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>GPU path built (CUDA runtime %1, NCCL %2); %n GPU(s) visible</source>
        <translation>
            <numerusform>GPU path built (CUDA runtime %1, NCCL %2); %n GPU visible</numerusform>
            <numerusform>GPU path built (CUDA runtime %1, NCCL %2); %n GPUs visible</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU build (no GPU path)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Vantage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Vantage %1&lt;/h3&gt;&lt;p&gt;A workbench for people who train and serve large models: parallelization frontiers, elastic training, layer-wise GNN evaluation and debiased recommendation.&lt;/p&gt;&lt;p&gt;Build %2 · Qt %3 · %4&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No page in this build shows runs of engine “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) deleted. Edit &gt; Undo brings them back.</source>
        <translation>
            <numerusform>%n run deleted. Edit &gt; Undo brings them back.</numerusform>
            <numerusform>%n runs deleted. Edit &gt; Undo brings them back.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags, separated by commas:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Vantage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vantage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Vantage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compare Selected Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No engine of this build reads TorchScript models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an op graph FT can read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vantage does not open %1 files here (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Demo Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The untitled session stays open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another Vantage window has this untitled session open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened read-only: you may not write this session file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs go into an untitled session until you save it (File › Save As).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create an untitled session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The untitled session holds %n run(s) that are in no saved session file.</source>
        <translation>
            <numerusform>The untitled session holds %n run that are in no saved session file.</numerusform>
            <numerusform>The untitled session holds %n runs that are in no saved session file.</numerusform>
        </translation>
    </message>
    <message>
        <source>Save them in a session file, or discard them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Demo Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the demo session.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detach: the job goes on, and is attached again when this session is next opened.
Stop: the workers save and leave, and the run is recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping the job…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job is still stopping; it is recorded when the session opens next.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo session holds a run of every engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo: run %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish or cancel the running task before switching sessions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish or cancel the running task first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A task is still running. Cancel it and quit?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a torch.export program (.pt2), which DGI reads; this build has no DGI.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::PpacPage</name>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interactions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similar users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synthetic (communities, long tail)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder or file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train.txt folder, .inter, ratings.dat, u.data or .csv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Items:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BPR-MF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LightGCN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PPAC (personal and global popularity branches)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held out from training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balanced test (authors&apos; protocol)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (keep last epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop After Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ends training after the current epoch and keeps the best weights so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item rank (most popular first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training interactions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long tail of item popularity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store Knobs in Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trade-off Curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-ranks for a range of β at the current γ and plots ARP against NDCG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>γ (personal popularity):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>β (global popularity):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item popularity group (1 = most popular tenth)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of recommendations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Popularity of recommended items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ARP@20 (lower: less popularity bias)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NDCG@20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ARP / accuracy trade-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base model top-K (γ = β = 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the knobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranked by personal popularity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranked by global popularity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debiasing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading data…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data ready: %1 users, %2 items.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot load the data: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 users · %3 items · %4 training interactions (density %5%)&lt;br&gt;validation %6 · test %7 (%8 users) · balanced test %9 (%10 users)&lt;br&gt;%11 items per user on average · the most popular 20% of items get %12% of the interactions · %13 items without training interactions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interactions per item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trained: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validation NDCG@20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NDCG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ARP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gini</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tail %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>base (γ = β = 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>γ = %1, β = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-ranked %1 users in %2 ms: Recall@20 %3, NDCG@20 %4, ARP@20 %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot store the knobs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trade-off curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>test, γ = %1, β from 0 to −1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balanced test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No user “%1” in this dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User %1: %2 training items, %3 test items. %4: ARP of the top-%5 %6 → %7, mean PP %8 → %9, test hits %10 → %11.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User %1: %2 training items, %3 test items. Train a model to see recommendations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jaccard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 has no trained model to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 kept no model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot restore the model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debiased Recommendation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ARP / accuracy trade-off (press Trade-off Curve)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timestamp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Columns read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows repeat a (user, item) pair seen before: each pair is one interaction, at its latest timestamp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1, with the data and the model already loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the data run %1 was trained on…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restoring the model of run %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 restored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::ReportDialog</name>
    <message>
        <source>HTML report (*.html);;PDF report (*.pdf);;CSV and JSON, zipped (*.zip);;CSV and JSON folder (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected in the Browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs in the report:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 runs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::ReportExport</name>
    <message>
        <source>[an image that cannot be drawn]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF writer could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vantage report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export the report: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::SessionBrowser</name>
    <message>
        <source>All engines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Run(s)</source>
        <translation>
            <numerusform>Delete %n Run</numerusform>
            <numerusform>Delete %n Runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n run(s)</source>
        <translation>
            <numerusform>%1 of %n run</numerusform>
            <numerusform>%1 of %n runs</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::SessionRunsModel</name>
    <message>
        <source>Frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elastic training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GNN evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>similar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>knobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibrate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default Session Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follows the system (colours and style of your desktop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language applies the next time Vantage starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default session &amp;folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session folder “%1” does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::gui::WelcomePage</name>
    <message>
        <source>New Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;File: &lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;This session has no runs yet. Pick an engine&apos;s tab above to start one.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Demo Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A session with a run of every engine, made on first use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent sessions yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved work from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left by an earlier start that did not end normally: open it to save it or to discard it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Split a model over devices&lt;/b&gt; on &lt;a href=&apos;page:ft&apos;&gt;%1&lt;/a&gt;: pick a model (or an op graph exported from PyTorch) and a cluster, press Search, click a point of a frontier to see its strategy, and export it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Train with workers that come and go&lt;/b&gt; on &lt;a href=&apos;page:edl&apos;&gt;%1&lt;/a&gt;: start a job, then add or remove workers while it trains; the job goes on if you close the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Evaluate a GNN layer by layer&lt;/b&gt; on &lt;a href=&apos;page:dgi&apos;&gt;%1&lt;/a&gt;: choose a graph and a model (a built-in one or your TorchScript file), see how it is cut into layers, and compare with node-wise evaluation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Debias a recommender&lt;/b&gt; on &lt;a href=&apos;page:ppac&apos;&gt;%1&lt;/a&gt;: load a dataset, train, then move the sliders and see how popularity bias changes, user by user.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every run is kept in the session file. File › Export Report writes the runs as HTML, PDF or CSV. Drop a session (.vantage), an op graph (.json) or a TorchScript model (.pt) onto the window to open it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guides are in the &lt;code&gt;docs/&lt;/code&gt; folder of Vantage&apos;s source: ft.md, edl.md, dgi.md and ppac.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelization frontiers (FT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elastic training (EDL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer-wise GNN evaluation (DGI)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debiased recommendation (PPAC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All guides: &lt;a href=&apos;doc:&apos;&gt;%1&lt;/a&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;This session has no file name yet: its runs are kept until you quit, and you are asked whether to save them. File › Save As names it.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Welcome to Vantage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A session is one file (*.vantage) that keeps every run: its inputs, results, charts and exports. Create one, open one, or start on an engine&apos;s tab: the work is kept in an untitled session until you save it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::report</name>
    <message>
        <source>Frontiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time / memory frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per iteration (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln device</numerusform>
            <numerusform>%Ln devices</numerusform>
        </translation>
    </message>
    <message>
        <source>device memory (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each frontier joins the strategies that no other strategy beats in both time and memory, one colour per device count. Baselines are single markers, one shape per baseline, in the colour of their device count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest: time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest: memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Least memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Least memory: time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no strategy found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baselines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time / fastest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest strategies per device count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more points are in frontier.csv of the CSV export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranking quality and popularity bias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“full” ranks over every test interaction; “balanced” weighs items so that popular and unpopular items count alike (the debiased view). ARP is the average popularity of the recommended items: lower means less popularity bias.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Joined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale-out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples trained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer by layer and node by node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up of this run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node by node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer by layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (this run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data touched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vantage report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session created with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session has no runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more runs are not listed here. The CSV export (vantage-cli report --format csv) holds every run; a report of chosen runs (--runs) details those.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appendix: parameters and results as stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each run&apos;s parameters and result as the session holds them, one row per value; long lists are counted, not listed. The CSV export has them whole as JSON files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>en</source>
        <comment>the report&apos;s language as an HTML lang code</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report details the first %1 of %2 runs; the CSV export holds the parameters, results and series of every run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated by Vantage %1 on %2 from %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more values are in %2 of the CSV export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lowest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Artifacts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too large to embed (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stored frontiers cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters and results as stored: see the appendix.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No parameters were recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time / memory frontiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per device (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time per worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer (0 = first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s)</source>
        <translation>
            <numerusform>%Ln step</numerusform>
            <numerusform>%Ln steps</numerusform>
        </translation>
    </message>
    <message>
        <source>Elastic data-parallel job of the %1 trainer: %2 in %3 over %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln epoch(s)</source>
        <translation>
            <numerusform>%Ln epoch</numerusform>
            <numerusform>%Ln epochs</numerusform>
        </translation>
    </message>
    <message>
        <source>Elastic data-parallel job of the %1 trainer: %2 over %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final loss: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput at the end: %1 samples/s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job ended as %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trainer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every sample was trained on exactly once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not every sample was trained on exactly once (see the ledger).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workers&apos; model replicas were equal at every check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workers&apos; model replicas differed at a check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 workers throughout, no scale events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers: %1 at the start, %2 at the end, %3 at most; %4 (%5 out, %6 in), each pausing training for %7 on average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln scale event(s)</source>
        <translation>
            <numerusform>%Ln scale event</numerusform>
            <numerusform>%Ln scale events</numerusform>
        </translation>
    </message>
    <message>
        <source>Workers at the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 out, %3 in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean pause per scale event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 evaluated %2 over the graph %3 (%4 nodes, %5 edges) in %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory: %1 resident, %2 of layer outputs held in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory (resident)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluated %1, the same model took %2: %3 is %4× as fast; the outputs differ by at most %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up over %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cut into %2 with %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln layer(s)</source>
        <translation>
            <numerusform>%Ln layer</numerusform>
            <numerusform>%Ln layers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln node tensor(s)</source>
        <translation>
            <numerusform>%Ln node tensor</numerusform>
            <numerusform>%Ln node tensors</numerusform>
        </translation>
    </message>
    <message>
        <source>On %1 nodes the layer outputs alive at once take at most %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory of layer outputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 trained for %2 in %3 (best epoch %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At K = %1 on the full test set: Recall %2, NDCG %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the popularity-balanced test set (the debiased view): Recall %1, NDCG %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Popularity bias at K = %1: average recommended popularity (ARP) %2, Gini %3, long-tail share %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recall@%1, full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recall@%1, balanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NDCG@%1, full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NDCG@%1, balanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ARP@%1, full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranked with γ = %1 and β = %2: no popularity re-ranking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranked with the debiasing knobs γ = %1 and β = %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debiasing knobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>γ = %1, β = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln strategy(s)</source>
        <translation>
            <numerusform>%Ln strategy</numerusform>
            <numerusform>%Ln strategys</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (batch %2) on the %3 cluster: %4 on the time / memory frontiers for %5 devices, found in %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fastest strategy that fits in device memory (%1) takes %2 per iteration and %3 per device on %4 devices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No strategy fits in device memory (%1) on any device count: the one that needs least takes %2 per device on %3 devices. More devices or a smaller batch would lower it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategies on the frontiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest strategy that fits: time per iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest strategy that fits: memory per device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest strategy that fits: devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest strategy that fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of search run %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 for %2 on %3 devices: %4 per iteration, %5 per device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It fits in device memory (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It does not fit in device memory (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits in device memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time: compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time: gradient all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time: repartitioning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: activations</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ChartView</name>
    <message>
        <source>Cannot write “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset View</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::widgets::LineChart</name>
    <message>
        <source>x</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ParetoChart</name>
    <message>
        <source>Baselines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest within budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Picked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logarithmic axis: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ProgressArea</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%p% · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1 min left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1 h left</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vantage::widgets::SvgView</name>
    <message>
        <source>Fit to View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actual Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no drawing to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The DOT source of this drawing is not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as DOT…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphviz DOT (*.dot *.gv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole Drawing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
