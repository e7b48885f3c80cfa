<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>RunCommands</name>
    <message>
        <source>Rename Run</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tag Run</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Vantage workbench</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Session file to open (*.vantage)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open the demo session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Write a PNG of the window after start-up, then quit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tab to show first (by index)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Write the report HTML file as a paged PDF to the file given after it, then quit (used by vantage-cli report)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::CompareView</name>
    <message>
        <source>run %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>#%1 %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>select at least two runs to compare</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>runs of different engines cannot be compared (%1 and %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, %2 devices</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Time per iteration (s)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Frontiers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Parameters and results</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::DgiPage</name>
    <message>
        <source>A generator (rmat:…, chunglu:…, er:…), an edge list, an OGB edge.csv(.gz), csr:INDPTR.npy,INDICES.npy or a saved graph folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>File…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Graph</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Graphs (*.txt *.el *.csv *.gz *.json);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Symmetrise</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Self-loops</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A built-in model, or the path of a TorchScript model written by scripts/write_gnn_model.py</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>TorchScript…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>TorchScript Model</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>TorchScript (*.pt *.pth);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reverse Cuthill-McKee</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Breadth-first</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>auto (half the free memory)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Memory for node tensors, e.g. 512M or 4G; beyond it they go to memory-mapped files</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Also node by node (the baseline)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cut into Layers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Evaluate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Graph:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Input features:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Hidden width:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layers:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reordering:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Memory budget:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Evaluation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer Cut</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Results</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%1 cut into %n layer(s).</source>
        <translation>
            <numerusform>%1 cut into %n layer.</numerusform><numerusform>%1 cut into %n layers.</numerusform></translation>
    </message>
    <message>
        <source>Cannot cut the model: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tensor</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Width</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Written by layer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Last read by layer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bytes per node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>input</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>output</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Evaluating…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>GNN evaluation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Evaluation cancelled.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Evaluation failed: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Setup</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows computed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>extrapolated from %1 of %2 batches</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Time per layer, as shares of each mode's total</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer-wise is %1× faster than node-wise (largest difference of outputs %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer-wise: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Run %1 %2: %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>GNN Evaluation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Seconds (bar length is the time)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Shares of each mode's total</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Time per layer:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Inspect</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Largest In-degree</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Picks the node with the most in-edges, the costliest for node-wise evaluation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Evaluate to inspect nodes: the embeddings of the last evaluation are kept in memory, not in the session.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Batches</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Time per layer (s)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node-wise is %1× faster than layer-wise on this graph (largest difference of outputs %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Pick a node of the last evaluated graph (%1 nodes).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Inspect node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot inspect the node: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Hops</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nodes within</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Share of the graph</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dimension</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node %1: in-degree %2, out-degree %3; embedding of %4 values, norm %5. Node-wise evaluation of this node alone touches the %6 nodes within %7 hops.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer-wise and node-wise take about the same time on this graph (largest difference of outputs %1)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::EdlPage</name>
    <message>
        <source>MLP</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Small CNN</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Devices of local workers, round robin: cpu, cuda:0, cuda:1, …</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>local (or a host file for ssh)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Host File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Replace stragglers automatically</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Start Job</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Attach…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Job Folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Detach</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Trainer:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Workers:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Epochs:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Samples:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Global batch:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Devices:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Hosts:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add Worker</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Remove Selected</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop Job</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Samples/s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Training, live</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Starting the job…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Start elastic job</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot start the job: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The job runs, but cannot be recorded: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot attach: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Scale-out requested: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Scale-in requested: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Lost the job: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>samples/s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Generation %1 (%2): %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worker %1 failed at step %2: %3 (silent %4 s)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Epoch %1 done: %2 of %3 samples trained exactly once</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot record the curves: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot record the end of the job: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;generation %3 · step %4 · epoch %5/%6&lt;br&gt;loss %7 · %8 samples/s · %9 workers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Workers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Pause (ms)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Run %1 (%2): %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Elastic Training</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Migrate Selected</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Starts workers on the devices of the Devices field, waits until they train, then removes the selected workers (all of them when none is selected)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile Throughput</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Runs the job briefly at 1 to N workers (N from the Workers field) and draws samples/s against workers; the job returns to its size afterwards</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compute time of each worker's step</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Workers over time; squares mark scale events</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Scaling curve (Profile Throughput)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Loss and Throughput</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Step Time per Worker</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Scaling</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>workers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Chunks (epoch)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>scale events</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Migration of every worker requested</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Migration requested: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Migrate workers</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Migration done: %n scale event(s), %1 ms of pause in all</source>
        <translation>
            <numerusform>Migration done: %n scale event, %1 ms of pause in all</numerusform><numerusform>Migration done: %n scale events, %1 ms of pause in all</numerusform></translation>
    </message>
    <message>
        <source>Migration did not finish: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profiling throughput at 1 to %1 workers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile throughput</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: %2/s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Scaling curve: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profiling did not finish: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::EnginePage</name>
    <message>
        <source>%1: done</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: failed</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::FtPage</name>
    <message>
        <source>device counts must be positive integers separated by commas, got “%1”</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>give at least one device count</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>From JSON…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Device counts, separated by commas: one frontier each</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>exact</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>0 finds the exact frontier; ε &gt; 0 merges points within a factor 1 + ε (for huge graphs)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Search Frontier</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Batch size:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Cluster:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Devices:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Epsilon:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Search</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Time per iteration (s)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Log time axis</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Log memory axis</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Memory budget: off</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Operators</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Breakdown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Op Graph</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export Strategy…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Op graphs (*.json);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (file)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cluster Profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cluster profiles (*.json);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Frontier search</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n device</numerusform><numerusform>%n devices</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1, %n device</numerusform><numerusform>%1, %n devices</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n device(s): %1 strategies in %2</source>
        <translation>
            <numerusform>%n device: %1 strategies in %2</numerusform><numerusform>%n devices: %1 strategies in %2</numerusform></translation>
    </message>
    <message>
        <source>Device memory (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, batch %2, %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Memory budget: %1 (%2 of %3 frontiers fit)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Split</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Time (ms)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Memory (MiB)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>All-reduce</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Re-partition</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Optimizer state</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Re-partition copies</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Time %1 · memory %2 per device</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot show the strategy: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot record the pick: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export Strategy</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>JSON (*.json);;Text summary (*.txt)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Run %1 has no frontier to show (%2).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Parallelization Frontier</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Zoom to frontiers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Axes over the frontiers only; baselines far from them fall outside the plot (data parallel is compared with the fastest strategy under the search). Click a device count in the legend to hide or show it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>    fastest %1 at %2; data parallel %3 at %4 (%5× the time)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::MainWindow</name>
    <message>
        <source>Vantage sessions (*.vantage);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot read runs: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Session Browser</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;New Session…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Close Session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Re&amp;name Run…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Tags…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Delete Runs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Session &amp;Browser</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;About Vantage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open Recent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>“%1” no longer exists; it is removed from the list.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Clear List</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Finish or cancel the running job before switching sessions.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open Session</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n run(s) had been interrupted and are now marked failed.</source>
        <translation>
            <numerusform>%n run had been interrupted and are now marked failed.</numerusform><numerusform>%n runs had been interrupted and are now marked failed.</numerusform></translation>
    </message>
    <message>
        <source>Session upgraded; the old file was kept as %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot open the session.

%1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot replace “%1”.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>New Session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot create the session.

%1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Close Session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Finish or cancel the running job first.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Untitled.vantage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save Session As</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot save the session.

%1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>GPU path built (CUDA runtime %1, NCCL %2); %n GPU(s) visible</source>
        <translation>
            <numerusform>GPU path built (CUDA runtime %1, NCCL %2); %n GPU visible</numerusform><numerusform>GPU path built (CUDA runtime %1, NCCL %2); %n GPUs visible</numerusform></translation>
    </message>
    <message>
        <source>CPU build (no GPU path)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>About Vantage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;h3&gt;Vantage %1&lt;/h3&gt;&lt;p&gt;A workbench for people who train and serve large models: parallelization frontiers, elastic training, layer-wise GNN evaluation and debiased recommendation.&lt;/p&gt;&lt;p&gt;Build %2 · Qt %3 · %4&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No page in this build shows runs of engine “%1”.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rename Run</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tag Run</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n run(s) deleted. Edit &gt; Undo brings them back.</source>
        <translation>
            <numerusform>%n run deleted. Edit &gt; Undo brings them back.</numerusform><numerusform>%n runs deleted. Edit &gt; Undo brings them back.</numerusform></translation>
    </message>
    <message>
        <source>Delete Runs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tags, separated by commas:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 — Vantage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Vantage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Quit Vantage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A job is still running. Cancel it and quit?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Compare Selected Runs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export Report</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Report written to %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compare Runs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compare %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>HTML report (*.html);;PDF report (*.pdf);;CSV and JSON, zipped (*.zip);;CSV and JSON folder (*)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::PpacPage</name>
    <message>
        <source>Item</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>GP</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Interactions</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Similar users</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>In test</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Synthetic (communities, long tail)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Folder or file…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>train.txt folder, .inter, ratings.dat, u.data or .csv</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dataset Folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Load Data</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Users:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Items:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Path:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>BPR-MF</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>LightGCN</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>PPAC (personal and global popularity branches)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Held out from training</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Balanced test (authors' protocol)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>None (keep last epoch)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Train</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop After Epoch</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ends training after the current epoch and keeps the best weights so far</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Epochs:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Validation:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Item rank (most popular first)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Training interactions</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Long tail of item popularity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Validation metric</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Store Knobs in Session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Trade-off Curve</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Re-ranks for a range of β at the current γ and plots ARP against NDCG</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>γ (personal popularity):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>β (global popularity):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Item popularity group (1 = most popular tenth)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Share of recommendations</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Popularity of recommended items</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ARP@20 (lower: less popularity bias)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NDCG@20</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ARP / accuracy trade-off</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User id</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Inspect</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>◀</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>▶</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Previous user</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Next user</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Base model top-K (γ = β = 0)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>With the knobs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ranked by personal popularity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ranked by global popularity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Debiasing</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User Inspector</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Loading data…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Load dataset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data ready: %1 users, %2 items.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Loading cancelled.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot load the data: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 users · %3 items · %4 training interactions (density %5%)&lt;br&gt;validation %6 · test %7 (%8 users) · balanced test %9 (%10 users)&lt;br&gt;%11 items per user on average · the most popular 20% of items get %12% of the interactions · %13 items without training interactions</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>interactions per item</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Training…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Train %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Trained: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Training cancelled.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Training failed: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>validation NDCG@20</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Re-rank</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Test</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Balanced</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Recall</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NDCG</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ARP</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Coverage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Gini</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tail %</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>base (γ = β = 0)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>γ = %1, β = %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Re-ranked %1 users in %2 ms: Recall@20 %3, NDCG@20 %4, ARP@20 %5</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot store the knobs: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Trade-off curve</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>test, γ = %1, β from 0 to −1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>balanced test</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No user “%1” in this dataset.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User %1: %2 training items, %3 test items. %4: ARP of the top-%5 %6 → %7, mean PP %8 → %9, test hits %10 → %11.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User %1: %2 training items, %3 test items. Train a model to see recommendations.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Jaccard</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Shared items</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Run %1 has no trained model to show.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Run %1 kept no model.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Restore model</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot restore the model: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Debiased Recommendation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ARP / accuracy trade-off (press Trade-off Curve)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::ReportExport</name>
    <message>
        <source>[an image that cannot be drawn]</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write %1: the PDF writer could not start</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Vantage report: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be finished</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot export the report: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::SessionBrowser</name>
    <message>
        <source>All engines</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Any status</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Search runs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rename…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tags…</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Delete %n Run(s)</source>
        <translation>
            <numerusform>Delete %n Run</numerusform><numerusform>Delete %n Runs</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform><numerusform>%n runs</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n run(s)</source>
        <translation>
            <numerusform>%1 of %n run</numerusform><numerusform>%1 of %n runs</numerusform></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::SessionRunsModel</name>
    <message>
        <source>Frontier</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Elastic training</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>GNN evaluation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Recommendation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>queued</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>System language</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Default Session Folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Follows the system (colours and style of your desktop)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A new language applies the next time Vantage starts.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Default session &amp;folder:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Theme:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The session folder “%1” does not exist.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::gui::WelcomePage</name>
    <message>
        <source>New Session…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open Session…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No session open</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A session is one file (*.vantage) that keeps every run: its inputs, results, charts and exports. Create one or open an existing one to start.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot read the session: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;p&gt;File: &lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;p&gt;This session has no runs yet. Pick an engine's tab above to start one.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::widgets::ChartView</name>
    <message>
        <source>Cannot write “%1”.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save Chart</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::widgets::ParetoChart</name>
    <message>
        <source>Baselines</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Budget</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Fastest within budget</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Picked</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Logarithmic axis: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::widgets::ProgressArea</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: cancelling…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>vantage::widgets::SvgView</name>
    <message>
        <source>Fit to View</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Actual Size</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save Drawing</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>There is no drawing to save.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write “%1”.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The DOT source of this drawing is not available.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write “%1”: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save as DOT…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Graphviz DOT (*.dot *.gv)</source>
        <translation type="unfinished" />
    </message>
</context>
</TS>