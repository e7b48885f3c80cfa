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