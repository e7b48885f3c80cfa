<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>RunCommands</name>
    <message>
        <source>Rename Run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <source>Tag Run</source>
        <translation>为运行添加标签</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Vantage workbench</source>
        <translation>Vantage 工作台</translation>
    </message>
    <message>
        <source>Session file to open (*.vantage)</source>
        <translation>要打开的会话文件 (*.vantage)</translation>
    </message>
    <message>
        <source>Open the demo session</source>
        <translation>打开演示会话</translation>
    </message>
    <message>
        <source>Write a PNG of the window after start-up, then quit</source>
        <translation>启动后将窗口保存为 PNG，然后退出</translation>
    </message>
    <message>
        <source>Tab to show first (by index)</source>
        <translation>首先显示的标签页（索引）</translation>
    </message>
</context>
<context>
    <name>vantage::gui::EnginePage</name>
    <message>
        <source>%1: done</source>
        <translation>%1：完成</translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation>%1：已取消</translation>
    </message>
    <message>
        <source>%1: failed</source>
        <translation>%1：失败</translation>
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
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
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
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n device(s)</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device(s): %1 strategies in %2</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
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
        <translation>类型</translation>
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
</context>
<context>
    <name>vantage::gui::MainWindow</name>
    <message>
        <source>Vantage sessions (*.vantage);;All files (*)</source>
        <translation>Vantage 会话 (*.vantage);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot read runs: %1</source>
        <translation>无法读取运行记录：%1</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Session Browser</source>
        <translation>会话浏览器</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New Session…</source>
        <translation>新建会话(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Close Session</source>
        <translation>关闭会话(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Session &amp;Browser</source>
        <translation>会话浏览器(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Vantage</source>
        <translation>关于 Vantage(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Open Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>“%1” no longer exists; it is removed from the list.</source>
        <translation>“%1”已不存在，已从列表中移除。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Finish or cancel the running job before switching sessions.</source>
        <translation>切换会话前，请先完成或取消正在运行的任务。</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) had been interrupted and are now marked failed.</source>
        <translation><numerusform>%n 个运行曾被中断，现已标记为失败。</numerusform></translation>
    </message>
    <message>
        <source>Session upgraded; the old file was kept as %1</source>
        <translation>会话已升级；旧文件保存为 %1</translation>
    </message>
    <message>
        <source>Cannot open the session.

%1</source>
        <translation>无法打开会话。

%1</translation>
    </message>
    <message>
        <source>Cannot replace “%1”.</source>
        <translation>无法替换“%1”。</translation>
    </message>
    <message>
        <source>New Session</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <source>Cannot create the session.

%1</source>
        <translation>无法创建会话。

%1</translation>
    </message>
    <message>
        <source>Close Session</source>
        <translation>关闭会话</translation>
    </message>
    <message>
        <source>Finish or cancel the running job first.</source>
        <translation>请先完成或取消正在运行的任务。</translation>
    </message>
    <message>
        <source>Untitled.vantage</source>
        <translation>未命名.vantage</translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation>会话另存为</translation>
    </message>
    <message>
        <source>Cannot save the session.

%1</source>
        <translation>无法保存会话。

%1</translation>
    </message>
    <message numerus="yes">
        <source>GPU path built (CUDA runtime %1, NCCL %2); %n GPU(s) visible</source>
        <translation><numerusform>已构建 GPU 路径（CUDA 运行时 %1，NCCL %2）；可见 %n 个 GPU</numerusform></translation>
    </message>
    <message>
        <source>CPU build (no GPU path)</source>
        <translation>CPU 构建（无 GPU 路径）</translation>
    </message>
    <message>
        <source>About Vantage</source>
        <translation>关于 Vantage</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Vantage %1&lt;/h3&gt;&lt;p&gt;A workbench for people who train and serve large models: parallelization frontiers, elastic training, layer-wise GNN evaluation and debiased recommendation.&lt;/p&gt;&lt;p&gt;Build %2 · Qt %3 · %4&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Vantage %1&lt;/h3&gt;&lt;p&gt;面向大模型训练与服务人员的工作台：并行策略前沿、弹性训练、逐层 GNN 评估与去偏推荐。&lt;/p&gt;&lt;p&gt;构建 %2 · Qt %3 · %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No page in this build shows runs of engine “%1”.</source>
        <translation>此构建中没有页面可以显示引擎“%1”的运行。</translation>
    </message>
    <message>
        <source>%1 — Vantage</source>
        <translation>%1 — Vantage</translation>
    </message>
    <message>
        <source>Vantage</source>
        <translation>Vantage</translation>
    </message>
    <message>
        <source>Quit Vantage</source>
        <translation>退出 Vantage</translation>
    </message>
    <message>
        <source>A job is still running. Cancel it and quit?</source>
        <translation>仍有任务在运行。取消任务并退出？</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;name Run…</source>
        <translation>重命名运行(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Tags…</source>
        <translation>标签(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Delete Runs</source>
        <translation>删除运行(&amp;D)</translation>
    </message>
    <message>
        <source>Rename Run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <source>Tag Run</source>
        <translation>为运行添加标签</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) deleted. Edit &gt; Undo brings them back.</source>
        <translation><numerusform>已删除 %n 个运行。编辑 &gt; 撤销可恢复。</numerusform></translation>
    </message>
    <message>
        <source>Delete Runs</source>
        <translation>删除运行</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Tags, separated by commas:</source>
        <translation>标签（以逗号分隔）：</translation>
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
        <translation>浏览…</translation>
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
</context>
<context>
    <name>vantage::gui::SessionBrowser</name>
    <message>
        <source>All engines</source>
        <translation>所有引擎</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>Search runs</source>
        <translation>搜索运行</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation><numerusform>%n 个运行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n run(s)</source>
        <translation><numerusform>%1 / %n 个运行</numerusform></translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Tags…</source>
        <translation>标签…</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Run(s)</source>
        <translation><numerusform>删除 %n 个运行</numerusform></translation>
    </message>
</context>
<context>
    <name>vantage::gui::SessionRunsModel</name>
    <message>
        <source>Frontier</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>Elastic training</source>
        <translation>弹性训练</translation>
    </message>
    <message>
        <source>GNN evaluation</source>
        <translation>GNN 评估</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>#</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
</context>
<context>
    <name>vantage::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Default Session Folder</source>
        <translation>默认会话文件夹</translation>
    </message>
    <message>
        <source>Follows the system (colours and style of your desktop)</source>
        <translation>跟随系统（桌面的颜色与样式）</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>A new language applies the next time Vantage starts.</source>
        <translation>新语言将在下次启动 Vantage 时生效。</translation>
    </message>
    <message>
        <source>Default session &amp;folder:</source>
        <translation>默认会话文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <source>The session folder “%1” does not exist.</source>
        <translation>会话文件夹“%1”不存在。</translation>
    </message>
</context>
<context>
    <name>vantage::gui::WelcomePage</name>
    <message>
        <source>New Session…</source>
        <translation>新建会话…</translation>
    </message>
    <message>
        <source>Open Session…</source>
        <translation>打开会话…</translation>
    </message>
    <message>
        <source>No session open</source>
        <translation>未打开会话</translation>
    </message>
    <message>
        <source>A session is one file (*.vantage) that keeps every run: its inputs, results, charts and exports. Create one or open an existing one to start.</source>
        <translation>会话是一个文件 (*.vantage)，保存每次运行的输入、结果、图表和导出。新建或打开一个会话即可开始。</translation>
    </message>
    <message>
        <source>Cannot read the session: %1</source>
        <translation>无法读取会话：%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;File: &lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;文件：&lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;This session has no runs yet. Pick an engine's tab above to start one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;此会话还没有运行。请在上方选择一个引擎标签页开始。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ChartView</name>
    <message>
        <source>Cannot write “%1”.</source>
        <translation>无法写入“%1”。</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>另存为 PNG…</translation>
    </message>
    <message>
        <source>Save Chart</source>
        <translation>保存图表</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation>另存为 SVG…</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ParetoChart</name>
    <message>
        <source>Baselines</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Fastest within budget</source>
        <translation>预算内最快</translation>
    </message>
    <message>
        <source>Picked</source>
        <translation>已选</translation>
    </message>
    <message>
        <source>Logarithmic axis: %1</source>
        <translation>对数坐标轴：%1</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ProgressArea</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>%1: cancelling…</source>
        <translation>%1：正在取消…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::SvgView</name>
    <message>
        <source>Fit to View</source>
        <translation>适应视图</translation>
    </message>
    <message>
        <source>Actual Size</source>
        <translation>实际大小</translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation>另存为 SVG…</translation>
    </message>
    <message>
        <source>Save Drawing</source>
        <translation>保存图形</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
</context>
</TS>