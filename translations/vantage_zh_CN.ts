<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Params</name>
    <message>
        <source>Wrap the model with PPAC&apos;s personal and global popularity branches</source>
        <translation>为模型加上 PPAC 的个人与全局流行度分支</translation>
    </message>
    <message>
        <source>Most epochs</source>
        <translation>最多训练轮数</translation>
    </message>
    <message>
        <source>Embedding size</source>
        <translation>嵌入维度</translation>
    </message>
    <message>
        <source>LightGCN propagation layers</source>
        <translation>LightGCN 传播层数</translation>
    </message>
    <message>
        <source>Adam learning rate</source>
        <translation>Adam 学习率</translation>
    </message>
    <message>
        <source>Training triples per batch</source>
        <translation>每批训练三元组数</translation>
    </message>
    <message>
        <source>Weight of the L2 penalty on the batch&apos;s embeddings (0: none, as RecBole&apos;s BPR)</source>
        <translation>批内嵌入的 L2 惩罚权重（0：无，与 RecBole 的 BPR 相同）</translation>
    </message>
    <message>
        <source>Weight of PPAC&apos;s two popularity (MSE) terms</source>
        <translation>PPAC 两个流行度（MSE）项的权重</translation>
    </message>
    <message>
        <source>Spread of the initial embeddings (normal, this deviation)</source>
        <translation>初始嵌入的离散度（正态分布，此标准差）</translation>
    </message>
    <message>
        <source>Seed of initialisation, shuffling and negatives</source>
        <translation>初始化、打乱与负样本的随机种子</translation>
    </message>
    <message>
        <source>Threads (0: all cores)</source>
        <translation>线程数（0：全部核心）</translation>
    </message>
    <message>
        <source>cpu, cuda or cuda:N: where the model trains (a GPU needs the CUDA build; ranking stays on the CPU)</source>
        <translation>cpu、cuda 或 cuda:N：模型在何处训练（GPU 需要 CUDA 版本；排序仍在 CPU 上）</translation>
    </message>
    <message>
        <source>Early stopping on: holdout (a split held out of training), balanced-test (the authors&apos; protocol: the balanced test itself) or none</source>
        <translation>早停依据：holdout（从训练集中留出的一部分）、balanced-test（作者的协议：平衡测试集本身）或 none</translation>
    </message>
    <message>
        <source>Epochs between validations</source>
        <translation>两次验证之间的轮数</translation>
    </message>
    <message>
        <source>Validate on a fixed random sample of this many users (0: all; faster on large data)</source>
        <translation>在固定的随机抽样用户上验证（0：全部；大数据上更快）</translation>
    </message>
    <message>
        <source>Validation metric for early stopping (at K = 20)</source>
        <translation>早停所用的验证指标（K = 20）</translation>
    </message>
    <message>
        <source>Validations without improvement before stopping (0: never)</source>
        <translation>无改进多少次验证后停止（0：从不）</translation>
    </message>
    <message>
        <source>Rank the full and balanced tests every this many epochs and report them (learning curves; never used to pick the weights; 0: never)</source>
        <translation>每隔这么多轮对完整测试集和平衡测试集排序并报告（学习曲线；从不用于选择权重；0：从不）</translation>
    </message>
    <message>
        <source>Batch size (zoo models; 0: the model&apos;s)</source>
        <translation>批大小（模型库中的模型；0：模型自带的）</translation>
    </message>
    <message>
        <source>Sequence length, or image side for CNNs (zoo models; 0: the model&apos;s)</source>
        <translation>序列长度，或 CNN 的图像边长（模型库中的模型；0：模型自带的）</translation>
    </message>
    <message>
        <source>Merge points within a factor 1 + EPS (0: exact)</source>
        <translation>合并相差在 1 + EPS 倍以内的点（0：精确）</translation>
    </message>
    <message>
        <source>Search threads (0: all)</source>
        <translation>搜索线程数（0：全部）</translation>
    </message>
    <message>
        <source>Most dims one op splits at once</source>
        <translation>单个算子同时切分的最多维数</translation>
    </message>
    <message>
        <source>mixed (fp16/bf16 compute, fp32 master weights) or fp32</source>
        <translation>mixed（fp16/bf16 计算，fp32 主权重）或 fp32</translation>
    </message>
    <message>
        <source>adam or sgd (with momentum)</source>
        <translation>adam 或 sgd（带动量）</translation>
    </message>
    <message>
        <source>Also price data parallel, Megatron TP x DP and min-time baselines</source>
        <translation>同时计算数据并行、Megatron TP x DP 与最短时间基线的代价</translation>
    </message>
    <message>
        <source>Seconds between a worker&apos;s heartbeats</source>
        <translation>工作进程心跳之间的秒数</translation>
    </message>
    <message>
        <source>Seconds of silence before a worker counts as failed</source>
        <translation>工作进程静默多少秒后视为失败</translation>
    </message>
    <message>
        <source>Seconds a collective or rendezvous may take</source>
        <translation>一次集合通信或会合允许的秒数</translation>
    </message>
    <message>
        <source>Seconds a member may take to report a step</source>
        <translation>成员报告一步允许的秒数</translation>
    </message>
    <message>
        <source>Seconds a joiner may take to become ready</source>
        <translation>新加入者就绪允许的秒数</translation>
    </message>
    <message>
        <source>Seconds a worker waits to hear from the leader before it ends the job</source>
        <translation>工作进程等待主控消息多少秒后结束作业</translation>
    </message>
    <message>
        <source>Seconds a client request may stay unanswered</source>
        <translation>客户端请求允许多少秒无应答</translation>
    </message>
    <message>
        <source>Weight of personal popularity (γ)</source>
        <translation>个人流行度的权重（γ）</translation>
    </message>
    <message>
        <source>Weight of global popularity (β)</source>
        <translation>全局流行度的权重（β）</translation>
    </message>
    <message>
        <source>Share of each user&apos;s training interactions held out for validation</source>
        <translation>每个用户的训练交互中留作验证的比例</translation>
    </message>
    <message>
        <source>Size of the generated data set (sample ids 0 to N-1)</source>
        <translation>生成数据集的大小（样本编号 0 到 N-1）</translation>
    </message>
    <message>
        <source>Epochs over the data set</source>
        <translation>遍历数据集的轮数</translation>
    </message>
    <message>
        <source>Global batch (samples per step), constant across sizes</source>
        <translation>全局批大小（每步样本数），在各规模下保持不变</translation>
    </message>
    <message>
        <source>Samples per ledger chunk (0: automatic)</source>
        <translation>每个账本块的样本数（0：自动）</translation>
    </message>
    <message>
        <source>Most samples per forward/backward; more are accumulated (0: no limit)</source>
        <translation>每次前向/反向传播的最多样本数；更多的将被累积（0：无限制）</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>SGD momentum</source>
        <translation>SGD 动量</translation>
    </message>
    <message>
        <source>Keep the global batch constant when workers join or leave</source>
        <translation>在工作进程加入或离开时保持全局批大小不变</translation>
    </message>
    <message>
        <source>With the per-worker batch: scale the learning rate linearly with workers</source>
        <translation>按工作进程批大小时：学习率随工作进程数线性缩放</translation>
    </message>
    <message>
        <source>Workers of the first generation (for batch and rate scaling)</source>
        <translation>第一代的工作进程数（用于批大小和学习率的缩放）</translation>
    </message>
    <message>
        <source>Seed of the data set, the model and the data order</source>
        <translation>数据集、模型和数据顺序的随机种子</translation>
    </message>
    <message>
        <source>Hidden width (MLP) or channels (CNN)</source>
        <translation>隐藏层宽度（MLP）或通道数（CNN）</translation>
    </message>
    <message>
        <source>Torch threads per worker</source>
        <translation>每个工作进程的 Torch 线程数</translation>
    </message>
    <message>
        <source>Bytes per gradient allreduce bucket</source>
        <translation>每个梯度 allreduce 桶的字节数</translation>
    </message>
    <message>
        <source>Address space of each worker process, MiB (0: no limit)</source>
        <translation>每个工作进程的地址空间，MiB（0：无限制）</translation>
    </message>
    <message>
        <source>CPU time of each worker process, seconds (0: no limit)</source>
        <translation>每个工作进程的 CPU 时间，秒（0：无限制）</translation>
    </message>
    <message>
        <source>Base architecture: mf or lightgcn</source>
        <translation>基础架构：mf 或 lightgcn</translation>
    </message>
    <message>
        <source>What the job trains: a built-in model (mlp, cnn), your TorchScript module (torchscript) or your Python script (python)</source>
        <translation>作业训练的内容：内置模型（mlp、cnn）、您的 TorchScript 模块（torchscript）或您的 Python 脚本（python）</translation>
    </message>
    <message>
        <source>Your TorchScript module (torch.jit.script(model).save(FILE)), trained instead of a built-in model</source>
        <translation>您的 TorchScript 模块（torch.jit.script(model).save(FILE)），代替内置模型进行训练</translation>
    </message>
    <message>
        <source>The module&apos;s data: a folder with inputs.npy and targets.npy, or INPUTS.npy,TARGETS.npy (one row per sample)</source>
        <translation>模块的数据：包含 inputs.npy 和 targets.npy 的文件夹，或 INPUTS.npy,TARGETS.npy（每个样本一行）</translation>
    </message>
    <message>
        <source>The module&apos;s loss: auto (its loss(output, target) method, else cross-entropy for integer targets and squared error for float ones), cross_entropy or mse</source>
        <translation>模块的损失：auto（其 loss(output, target) 方法，否则整数目标用交叉熵、浮点目标用平方误差）、cross_entropy 或 mse</translation>
    </message>
    <message>
        <source>Your Python training script (its workers run `python SCRIPT ARGS...` and use the vantage_edl module)</source>
        <translation>您的 Python 训练脚本（其工作进程运行 `python SCRIPT ARGS...` 并使用 vantage_edl 模块）</translation>
    </message>
    <message>
        <source>Processes measured, one device each (0: the number of cores)</source>
        <translation>测量的进程数，每个进程一个设备（0：核心数）</translation>
    </message>
    <message>
        <source>Threads of each process</source>
        <translation>每个进程的线程数</translation>
    </message>
    <message>
        <source>Largest matmul dimension (from 64 up)</source>
        <translation>矩阵乘法的最大维度（从 64 起）</translation>
    </message>
    <message>
        <source>Largest copy (memory bandwidth)</source>
        <translation>最大复制量（内存带宽）</translation>
    </message>
    <message>
        <source>Largest collective (from 4 KiB up)</source>
        <translation>最大集合通信量（从 4 KiB 起）</translation>
    </message>
    <message>
        <source>Timed repetitions of each measurement</source>
        <translation>每项测量的计时重复次数</translation>
    </message>
    <message>
        <source>Fail when the workers say nothing for this long</source>
        <translation>工作进程在这么长时间内无响应则失败</translation>
    </message>
    <message>
        <source>Graph: FILE (edge list), FILE.csv[.gz] (OGB), DIR (dgi generate), csr:INDPTR.npy,INDICES.npy, or rmat:n=..,deg=..,seed=.. / chunglu:... / er:...</source>
        <translation>图：FILE（边列表）、FILE.csv[.gz]（OGB）、DIR（dgi generate）、csr:INDPTR.npy,INDICES.npy，或 rmat:n=..,deg=..,seed=.. / chunglu:... / er:...</translation>
    </message>
    <message>
        <source>Self-loops: keep, add (one per node) or remove</source>
        <translation>自环：keep（保留）、add（每个节点一个）或 remove（移除）</translation>
    </message>
    <message>
        <source>Add the reverse of every edge</source>
        <translation>为每条边添加反向边</translation>
    </message>
    <message>
        <source>Node count for text formats (0: largest id + 1)</source>
        <translation>文本格式的节点数（0：最大 ID + 1）</translation>
    </message>
    <message>
        <source>Merge repeated edges into one (default: used as given, as the model&apos;s own forward sums them)</source>
        <translation>将重复的边合并为一条（默认：按原样使用，与模型自身的前向计算对其求和一致）</translation>
    </message>
    <message>
        <source>Input width of a built-in model (0: 64, or the features&apos; width)</source>
        <translation>内置模型的输入宽度（0：64，或特征的宽度）</translation>
    </message>
    <message>
        <source>Hidden width of a built-in model</source>
        <translation>内置模型的隐藏宽度</translation>
    </message>
    <message>
        <source>Output width of a built-in model (0: hidden)</source>
        <translation>内置模型的输出宽度（0：等于隐藏宽度）</translation>
    </message>
    <message>
        <source>Layers of a built-in model</source>
        <translation>内置模型的层数</translation>
    </message>
    <message>
        <source>GAT heads</source>
        <translation>GAT 注意力头数</translation>
    </message>
    <message>
        <source>Seed of the built-in model&apos;s weights and of random features</source>
        <translation>内置模型权重和随机特征的随机种子</translation>
    </message>
    <message>
        <source>Node features, float .npy (N x d); default: random, seeded</source>
        <translation>节点特征，浮点 .npy（N x d）；默认：带种子的随机值</translation>
    </message>
    <message>
        <source>Write the first mode&apos;s output as float .npy (original node order, the model&apos;s own shape)</source>
        <translation>将第一种模式的输出写为浮点 .npy（原始节点顺序，模型自身的形状）</translation>
    </message>
    <message>
        <source>Node tensors&apos; type: float32 or float64</source>
        <translation>节点张量的类型：float32 或 float64</translation>
    </message>
    <message>
        <source>Memory for node stores and batches (512M, 2G; 0: half the free memory)</source>
        <translation>节点存储和批次使用的内存（512M、2G；0：空闲内存的一半）</translation>
    </message>
    <message>
        <source>Where node stores live: auto (memory while they fit half the budget), memory or disk</source>
        <translation>节点存储的位置：auto（在不超过预算一半时放在内存中）、memory（内存）或 disk（磁盘）</translation>
    </message>
    <message>
        <source>Folder for on-disk node stores (default: the temp folder)</source>
        <translation>磁盘上节点存储的文件夹（默认：临时文件夹）</translation>
    </message>
    <message>
        <source>Node reordering: none, bfs or rcm (the output stays in the original order)</source>
        <translation>节点重排：none（不重排）、bfs 或 rcm（输出保持原始顺序）</translation>
    </message>
    <message>
        <source>cpu, cuda or cuda:N: where layer-wise and full-graph evaluation run (a GPU needs the CUDA build)</source>
        <translation>cpu、cuda 或 cuda:N：逐层评估和全图评估运行的位置（GPU 需要 CUDA 构建）</translation>
    </message>
    <message>
        <source>On a GPU: device memory for stores and batches (8G; 0: 85% of what is free)</source>
        <translation>在 GPU 上：用于存储和批次的显存（8G；0：空闲显存的 85%）</translation>
    </message>
    <message>
        <source>Destination nodes per batch (0: from the memory budget)</source>
        <translation>每批目标节点数（0：由内存预算决定）</translation>
    </message>
    <message>
        <source>Edges per batch (0: from the memory budget)</source>
        <translation>每批边数（0：由内存预算决定）</translation>
    </message>
    <message>
        <source>Node-wise: target nodes per batch</source>
        <translation>逐节点：每批目标节点数</translation>
    </message>
    <message>
        <source>Node-wise: time this many batches, extrapolate the rest (0: all)</source>
        <translation>逐节点：计时这么多批，其余外推（0：全部）</translation>
    </message>
    <message>
        <source>Node-wise: stop after this many seconds and extrapolate (0: no limit)</source>
        <translation>逐节点：在这么多秒后停止并外推（0：不限）</translation>
    </message>
    <message>
        <source>Workers of the first generation</source>
        <translation>第一代的工作进程数</translation>
    </message>
    <message>
        <source>Where workers run: auto (ssh with --hosts, else local), local, ssh, or slurm (job steps of the Slurm allocation the leader runs in)</source>
        <translation>工作进程运行的位置：auto（有 --hosts 时用 ssh，否则本地）、local、ssh 或 slurm（领导者所在 Slurm 分配中的作业步骤）</translation>
    </message>
    <message>
        <source>Start workers over ssh on the hosts of FILE (host [slots=N] [devices=..] [worker=PATH]); none: local workers</source>
        <translation>通过 ssh 在 FILE 中的主机上启动工作进程（host [slots=N] [devices=..] [worker=PATH]）；无：本地工作进程</translation>
    </message>
    <message>
        <source>Scale events at committed steps: &quot;step=50:+1,step=120:-1&quot;</source>
        <translation>在已提交的步骤处的扩缩事件：&quot;step=50:+1,step=120:-1&quot;</translation>
    </message>
    <message>
        <source>Fault injection: &quot;step=80:worker=1[:phase=allreduce]&quot; or &quot;step=5:worker=1:slow=200&quot;</source>
        <translation>故障注入：&quot;step=80:worker=1[:phase=allreduce]&quot; 或 &quot;step=5:worker=1:slow=200&quot;</translation>
    </message>
    <message>
        <source>How the job changes size: live (stop-free) or stop-restart (checkpoint, stop, restart)</source>
        <translation>作业改变规模的方式：live（不停止）或 stop-restart（检查点、停止、重启）</translation>
    </message>
    <message>
        <source>ssh command for --hosts</source>
        <translation>用于 --hosts 的 ssh 命令</translation>
    </message>
    <message>
        <source>srun command for --launcher slurm</source>
        <translation>用于 --launcher slurm 的 srun 命令</translation>
    </message>
    <message>
        <source>Address the control plane and the store listen on (remote hosts need a reachable one)</source>
        <translation>控制平面和存储监听的地址（远程主机需要可达的地址）</translation>
    </message>
    <message>
        <source>Control port (0: any free port)</source>
        <translation>控制端口（0：任意空闲端口）</translation>
    </message>
    <message>
        <source>Write the job file (address and token) into the job folder</source>
        <translation>将作业文件（地址和令牌）写入作业文件夹</translation>
    </message>
    <message>
        <source>Seconds the first generation may take to form</source>
        <translation>第一代形成所允许的秒数</translation>
    </message>
    <message>
        <source>Start from a checkpoint (final.pt, last_commit.pt of an ended job)</source>
        <translation>从检查点开始（已结束作业的 final.pt、last_commit.pt）</translation>
    </message>
    <message>
        <source>Weights of personal popularity (γ) to sweep</source>
        <translation>要扫描的个人流行度权重（γ）</translation>
    </message>
    <message>
        <source>Weights of global popularity (β) to sweep</source>
        <translation>要扫描的全局流行度权重（β）</translation>
    </message>
    <message>
        <source>Model: gcn, sage, gat, gin, jknet, a torch.export FILE.pt2 or a TorchScript FILE.pt</source>
        <translation>模型：gcn、sage、gat、gin、jknet、torch.export 文件 FILE.pt2 或 TorchScript 文件 FILE.pt</translation>
    </message>
    <message>
        <source>Training steps of every run</source>
        <translation>每次运行的训练步数</translation>
    </message>
    <message>
        <source>Seed of the weights and batches</source>
        <translation>权重与批次的随机种子</translation>
    </message>
    <message>
        <source>cpu (Gloo) or cuda (NCCL, a GPU per process)</source>
        <translation>cpu（Gloo）或 cuda（NCCL，每个进程一块 GPU）</translation>
    </message>
    <message>
        <source>Python with PyTorch ($VANTAGE_PYTHON, else python3)</source>
        <translation>带 PyTorch 的 Python（$VANTAGE_PYTHON，否则 python3）</translation>
    </message>
    <message>
        <source>Stop a run that prints nothing for this long</source>
        <translation>运行在这么长时间内无输出则停止</translation>
    </message>
    <message>
        <source>Also offer ZeRO stages 1 to N over each op&apos;s data-parallel group (0: none; 3 shards optimizer state, gradients and weights)</source>
        <translation>也为每个算子的数据并行组提供 ZeRO 阶段 1 到 N（0：无；3 切分优化器状态、梯度和权重）</translation>
    </message>
    <message>
        <source>Also offer selective recomputation of attention (its scores are not kept; its forward runs again in backward)</source>
        <translation>也提供注意力的选择性重计算（不保存其分数；反向时重新执行其前向）</translation>
    </message>
    <message>
        <source>Untimed steps before them (warm-up)</source>
        <translation>之前不计时的步数（预热）</translation>
    </message>
</context>
<context>
    <name>Phase</name>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>baselines</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>frontier search</source>
        <translation>前沿搜索</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>加载</translation>
    </message>
    <message>
        <source>loading the graph</source>
        <translation>正在加载图</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <source>reordering nodes</source>
        <translation>正在重排节点</translation>
    </message>
    <message>
        <source>preparing the model</source>
        <translation>正在准备模型</translation>
    </message>
    <message>
        <source>model ready</source>
        <translation>模型就绪</translation>
    </message>
    <message>
        <source>full-graph forward</source>
        <translation>全图前向</translation>
    </message>
    <message>
        <source>evaluating</source>
        <translation>评估中</translation>
    </message>
    <message>
        <source>evaluated</source>
        <translation>已评估</translation>
    </message>
    <message>
        <source>partial request</source>
        <translation>部分请求</translation>
    </message>
    <message>
        <source>neighbourhood</source>
        <translation>邻域</translation>
    </message>
    <message>
        <source>generating</source>
        <translation>生成中</translation>
    </message>
    <message>
        <source>splitting</source>
        <translation>切分中</translation>
    </message>
    <message>
        <source>prepared</source>
        <translation>已准备</translation>
    </message>
    <message>
        <source>data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>trained</source>
        <translation>已训练</translation>
    </message>
    <message>
        <source>precomputing scores</source>
        <translation>预计算得分</translation>
    </message>
    <message>
        <source>similar users</source>
        <translation>相似用户</translation>
    </message>
    <message>
        <source>reading similar users</source>
        <translation>读取相似用户</translation>
    </message>
    <message>
        <source>personal popularity</source>
        <translation>个人流行度</translation>
    </message>
    <message>
        <source>similar users and popularity</source>
        <translation>相似用户与流行度</translation>
    </message>
    <message>
        <source>ranking</source>
        <translation>排序</translation>
    </message>
    <message>
        <source>exhaustive ranking</source>
        <translation>穷举排序</translation>
    </message>
    <message>
        <source>re-ranking</source>
        <translation>重排序</translation>
    </message>
    <message>
        <source>re-ranked</source>
        <translation>已重排序</translation>
    </message>
    <message>
        <source>starting the leader</source>
        <translation>正在启动领导进程</translation>
    </message>
    <message>
        <source>starting the new workers</source>
        <translation>正在启动新工作进程</translation>
    </message>
    <message>
        <source>layer-wise</source>
        <translation>逐层</translation>
    </message>
    <message>
        <source>node-wise</source>
        <translation>逐节点</translation>
    </message>
    <message>
        <source>%1 devices</source>
        <translation>%1 个设备</translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation>第 %1 / %2 层</translation>
    </message>
    <message>
        <source>node-wise batch %1 of %2</source>
        <translation>逐节点批次 %1 / %2</translation>
    </message>
    <message>
        <source>hand-written GCN, layer %1</source>
        <translation>手写 GCN，第 %1 层</translation>
    </message>
    <message>
        <source>epoch %1/%2</source>
        <translation>第 %1/%2 轮</translation>
    </message>
    <message>
        <source>reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <source>cutting into layers</source>
        <translation>切分为层</translation>
    </message>
    <message>
        <source>drawing the cut</source>
        <translation>绘制切分</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>读取中</translation>
    </message>
    <message>
        <source>building</source>
        <translation>构建中</translation>
    </message>
    <message>
        <source>removing the old workers</source>
        <translation>正在移除旧工作进程</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>已迁移</translation>
    </message>
    <message>
        <source>starting workers</source>
        <translation>正在启动工作进程</translation>
    </message>
    <message>
        <source>calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>fitting</source>
        <translation>拟合</translation>
    </message>
</context>
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
    <name>UntitledSession</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
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
    <message>
        <source>Write the report HTML file as a paged PDF to the file given after it, then quit (used by vantage-cli report)</source>
        <translation>将报告 HTML 文件写为分页 PDF 到其后指定的文件，然后退出（供 vantage-cli report 使用）</translation>
    </message>
    <message>
        <source>Print the wall-clock time of the window&apos;s first paint (ms since 1970) and quit (for the start-up benchmark)</source>
        <translation>输出窗口首次绘制的时刻（自 1970 年起的毫秒数）后退出（用于启动基准测试）</translation>
    </message>
    <message>
        <source>Language of the window for this start (en, de, zh_CN)</source>
        <translation>本次启动的窗口语言（en、de、zh_CN）</translation>
    </message>
    <message>
        <source>Size of the window, e.g. 1024x700</source>
        <translation>窗口大小，例如 1024x700</translation>
    </message>
</context>
<context>
    <name>vantage::gui::CompareView</name>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>select at least two runs to compare</source>
        <translation>请至少选择两个运行进行比较</translation>
    </message>
    <message>
        <source>runs of different engines cannot be compared (%1 and %2)</source>
        <translation>不同引擎的运行无法比较（%1 和 %2）</translation>
    </message>
    <message>
        <source>%1, %2 devices</source>
        <translation>%1，%2 个设备</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Time per iteration (s)</source>
        <translation>每次迭代时间 (s)</translation>
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation>每设备显存 (GiB)</translation>
    </message>
    <message>
        <source>Frontiers</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Parameters and results</source>
        <translation>参数与结果</translation>
    </message>
</context>
<context>
    <name>vantage::gui::DgiPage</name>
    <message>
        <source>A generator (rmat:…, chunglu:…, er:…), an edge list, an OGB edge.csv(.gz), csr:INDPTR.npy,INDICES.npy or a saved graph folder</source>
        <translation>生成器（rmat:…、chunglu:…、er:…）、边列表、OGB edge.csv(.gz)、csr:INDPTR.npy,INDICES.npy 或已保存的图文件夹</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Graphs (*.txt *.el *.csv *.gz *.json);;All files (*)</source>
        <translation>图 (*.txt *.el *.csv *.gz *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Symmetrise</source>
        <translation>对称化</translation>
    </message>
    <message>
        <source>Self-loops</source>
        <translation>自环</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Reverse Cuthill-McKee</source>
        <translation>逆 Cuthill-McKee</translation>
    </message>
    <message>
        <source>Breadth-first</source>
        <translation>广度优先</translation>
    </message>
    <message>
        <source>auto (half the free memory)</source>
        <translation>自动（空闲内存的一半）</translation>
    </message>
    <message>
        <source>Memory for node tensors, e.g. 512M or 4G; beyond it they go to memory-mapped files</source>
        <translation>节点张量的内存，例如 512M 或 4G；超出部分存入内存映射文件</translation>
    </message>
    <message>
        <source>Also node by node (the baseline)</source>
        <translation>同时逐节点计算（基线）</translation>
    </message>
    <message>
        <source>Cut into Layers</source>
        <translation>切分为层</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Graph:</source>
        <translation>图：</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Input features:</source>
        <translation>输入特征：</translation>
    </message>
    <message>
        <source>Hidden width:</source>
        <translation>隐藏层宽度：</translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation>层数：</translation>
    </message>
    <message>
        <source>Reordering:</source>
        <translation>重排序：</translation>
    </message>
    <message>
        <source>Memory budget:</source>
        <translation>内存预算：</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Layer Cut</source>
        <translation>层切分</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message numerus="yes">
        <source>%1 cut into %n layer(s).</source>
        <translation>
            <numerusform>%1 已切分为 %n 层。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot cut the model: %1</source>
        <translation>无法切分模型：%1</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Written by layer</source>
        <translation>写入层</translation>
    </message>
    <message>
        <source>Last read by layer</source>
        <translation>最后读取层</translation>
    </message>
    <message>
        <source>Bytes per node</source>
        <translation>每节点字节数</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Evaluating…</source>
        <translation>正在评估…</translation>
    </message>
    <message>
        <source>GNN evaluation</source>
        <translation>GNN 评估</translation>
    </message>
    <message>
        <source>Evaluation cancelled.</source>
        <translation>评估已取消。</translation>
    </message>
    <message>
        <source>Evaluation failed: %1</source>
        <translation>评估失败：%1</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值内存</translation>
    </message>
    <message>
        <source>Rows computed</source>
        <translation>已计算行数</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>extrapolated from %1 of %2 batches</source>
        <translation>由 %2 个批次中的 %1 个外推</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>Time per layer, as shares of each mode&apos;s total</source>
        <translation>每层时间，占各模式总时间的比例</translation>
    </message>
    <message>
        <source>Layer-wise is %1× faster than node-wise (largest difference of outputs %2)</source>
        <translation>逐层比逐节点快 %1×（输出最大差异 %2）</translation>
    </message>
    <message>
        <source>Run %1 %2: %3</source>
        <translation>运行 %1 %2：%3</translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation>无法显示运行 %1：%2</translation>
    </message>
    <message>
        <source>GNN Evaluation</source>
        <translation>GNN 评估</translation>
    </message>
    <message>
        <source>Seconds (bar length is the time)</source>
        <translation>秒（条长即时间）</translation>
    </message>
    <message>
        <source>Shares of each mode&apos;s total</source>
        <translation>占各模式总时间的比例</translation>
    </message>
    <message>
        <source>Time per layer:</source>
        <translation>每层时间：</translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation>查看</translation>
    </message>
    <message>
        <source>Largest In-degree</source>
        <translation>最大入度</translation>
    </message>
    <message>
        <source>Picks the node with the most in-edges, the costliest for node-wise evaluation</source>
        <translation>选择入边最多的节点，即逐节点评估代价最高的节点</translation>
    </message>
    <message>
        <source>Node:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <source>Evaluate to inspect nodes: the embeddings of the last evaluation are kept in memory, not in the session.</source>
        <translation>请先评估再查看节点：最近一次评估的嵌入保存在内存中，而不在会话里。</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Time per layer (s)</source>
        <translation>每层时间（秒）</translation>
    </message>
    <message>
        <source>Node-wise is %1× faster than layer-wise on this graph (largest difference of outputs %2)</source>
        <translation>在此图上逐节点比逐层快 %1×（输出最大差异 %2）</translation>
    </message>
    <message>
        <source>Pick a node of the last evaluated graph (%1 nodes).</source>
        <translation>选择最近评估的图中的一个节点（共 %1 个节点）。</translation>
    </message>
    <message>
        <source>Inspect node</source>
        <translation>查看节点</translation>
    </message>
    <message>
        <source>Cannot inspect the node: %1</source>
        <translation>无法查看该节点：%1</translation>
    </message>
    <message>
        <source>Hops</source>
        <translation>跳数</translation>
    </message>
    <message>
        <source>Nodes within</source>
        <translation>范围内节点</translation>
    </message>
    <message>
        <source>Share of the graph</source>
        <translation>占全图比例</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Node %1: in-degree %2, out-degree %3; embedding of %4 values, norm %5. Node-wise evaluation of this node alone touches the %6 nodes within %7 hops.</source>
        <translation>节点 %1：入度 %2，出度 %3；嵌入含 %4 个值，范数 %5。仅对该节点做逐节点评估就要访问 %7 跳内的 %6 个节点。</translation>
    </message>
    <message>
        <source>Layer-wise and node-wise take about the same time on this graph (largest difference of outputs %1)</source>
        <translation>在此图上逐层与逐节点耗时大致相同（输出最大差异 %1）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Evaluates every node on its own as well, for comparison; after 15 s the rest is extrapolated from the batches done. Cancel during it keeps the layer-wise result.</source>
        <translation>同时逐个节点评估以作对比；15 秒后其余部分根据已完成的批次外推。在此期间取消会保留逐层结果。</translation>
    </message>
    <message>
        <source>The node-wise baseline was cancelled; the layer-wise result is kept.</source>
        <translation>逐节点基线已取消；逐层结果已保留。</translation>
    </message>
    <message>
        <source>layer-wise</source>
        <translation>逐层</translation>
    </message>
    <message>
        <source>node-wise</source>
        <translation>逐节点</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Add the reverse of every edge (repeated edges are then merged)</source>
        <translation>为每条边添加反向边（随后合并重复边）</translation>
    </message>
    <message>
        <source>Give every node exactly one self-loop</source>
        <translation>为每个节点添加恰好一个自环</translation>
    </message>
    <message>
        <source>Merge repeated edges</source>
        <translation>合并重复边</translation>
    </message>
    <message>
        <source>Count an edge given twice once (the model itself would sum it twice)</source>
        <translation>重复给出的边只计一次（模型本身会将其求和两次）</translation>
    </message>
    <message>
        <source>The graph&apos;s edges were used as given: %1 repeated edges and %2 self-loops (the model sums over repeated edges). &quot;Merge repeated edges&quot; and &quot;Self-loops&quot; change that.</source>
        <translation>图的边按原样使用：%1 条重复边和 %2 个自环（模型会对重复边求和）。“合并重复边”和“自环”可以改变这一点。</translation>
    </message>
    <message>
        <source>The graph&apos;s edges were used as given: %1 repeated edges (the model sums over them). &quot;Merge repeated edges&quot; changes that.</source>
        <translation>图的边按原样使用：%1 条重复边（模型会对它们求和）。“合并重复边”可以改变这一点。</translation>
    </message>
    <message>
        <source>The graph&apos;s self-loops were used as given: %1 of them. &quot;Self-loops&quot; gives every node exactly one.</source>
        <translation>图的自环按原样使用：共 %1 个。“自环”会为每个节点添加恰好一个。</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>No GPU: CUDA sees none on this machine</source>
        <translation>没有 GPU：CUDA 在本机上找不到任何 GPU</translation>
    </message>
    <message>
        <source>No GPU path in this build: its LibTorch is CPU-only (build the CUDA flavour)</source>
        <translation>此构建没有 GPU 路径：其 LibTorch 仅支持 CPU（请构建 CUDA 版本）</translation>
    </message>
    <message>
        <source>Where the layer-wise evaluation runs; the node-by-node baseline runs on the CPU</source>
        <translation>逐层评估运行的位置；逐节点基线在 CPU 上运行</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Cutting %1 into layers…</source>
        <translation>正在将 %1 切分为层…</translation>
    </message>
    <message>
        <source>Cut into layers</source>
        <translation>切分为层</translation>
    </message>
    <message>
        <source>Cutting the model cancelled.</source>
        <translation>模型切分已取消。</translation>
    </message>
    <message>
        <source>the model&apos;s</source>
        <translation>由模型决定</translation>
    </message>
    <message>
        <source>Used only when the TorchScript model does not tell the width of x (no linear layer reads it)</source>
        <translation>仅当 TorchScript 模型无法给出 x 的宽度时使用（没有线性层读取它）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>{n} layer</source>
        <translation>{n} 层</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} 层</translation>
    </message>
    <message>
        <source>{n} op</source>
        <translation>{n} 个算子</translation>
    </message>
    <message>
        <source>{n} ops</source>
        <translation>{n} 个算子</translation>
    </message>
    <message>
        <source>{n} tensor</source>
        <translation>{n} 个张量</translation>
    </message>
    <message>
        <source>{n} tensors</source>
        <translation>{n} 个张量</translation>
    </message>
    <message>
        <source>{n} aggregation</source>
        <translation>{n} 个聚合</translation>
    </message>
    <message>
        <source>{n} aggregations</source>
        <translation>{n} 个聚合</translation>
    </message>
    <message>
        <source>{n} dense</source>
        <translation>{n} 个稠密</translation>
    </message>
    <message>
        <source>{n} per edge</source>
        <translation>{n} 个逐边</translation>
    </message>
    <message>
        <source>{n} per node</source>
        <translation>{n} 个逐节点</translation>
    </message>
    <message>
        <source>a box per layer</source>
        <translation>每层一个框</translation>
    </message>
    <message>
        <source>a box per {n} layers</source>
        <translation>每 {n} 层一个框</translation>
    </message>
    <message>
        <source>layer {n}</source>
        <translation>第 {n} 层</translation>
    </message>
    <message>
        <source>layers {a}-{b}</source>
        <translation>第 {a}–{b} 层</translation>
    </message>
    <message>
        <source>source pass (all nodes)</source>
        <translation>源遍历（所有节点）</translation>
    </message>
    <message>
        <source>blocks (per batch of destinations)</source>
        <translation>块（每批目标节点）</translation>
    </message>
    <message>
        <source>{w} x {s} B per node</source>
        <translation>每节点 {w} x {s} B</translation>
    </message>
    <message>
        <source>random, seeded</source>
        <translation>随机（带种子）</translation>
    </message>
    <message>
        <source>Node Features</source>
        <translation>节点特征</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy);;All files (*)</source>
        <translation>NumPy 数组 (*.npy);;所有文件 (*)</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Node features:</source>
        <translation>节点特征：</translation>
    </message>
    <message>
        <source>Set by the model file: shown once it is cut or evaluated</source>
        <translation>由模型文件决定：切分或评估后显示</translation>
    </message>
    <message>
        <source>A built-in model, or the path of a model file: a torch.export program (.pt2), or a TorchScript model written by scripts/write_gnn_model.py</source>
        <translation>内置模型，或模型文件的路径：torch.export 程序（.pt2），或由 scripts/write_gnn_model.py 写出的 TorchScript 模型</translation>
    </message>
    <message>
        <source>Model file…</source>
        <translation>模型文件…</translation>
    </message>
    <message>
        <source>GNN Model</source>
        <translation>GNN 模型</translation>
    </message>
    <message>
        <source>PyTorch models (*.pt2 *.pt *.pth);;torch.export (*.pt2);;TorchScript (*.pt *.pth);;All files (*)</source>
        <translation>PyTorch 模型 (*.pt2 *.pt *.pth);;torch.export (*.pt2);;TorchScript (*.pt *.pth);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>vantage::gui::EdlPage</name>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>Small CNN</source>
        <translation>小型 CNN</translation>
    </message>
    <message>
        <source>Devices of local workers, round robin: cpu, cuda:0, cuda:1, …</source>
        <translation>本地工作进程的设备，轮流分配：cpu, cuda:0, cuda:1, …</translation>
    </message>
    <message>
        <source>local (or a host file for ssh)</source>
        <translation>本地（或用于 ssh 的主机文件）</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Host File</source>
        <translation>主机文件</translation>
    </message>
    <message>
        <source>Replace stragglers automatically</source>
        <translation>自动替换掉队节点</translation>
    </message>
    <message>
        <source>Start Job</source>
        <translation>启动任务</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>附加…</translation>
    </message>
    <message>
        <source>Job Folder</source>
        <translation>任务文件夹</translation>
    </message>
    <message>
        <source>Detach</source>
        <translation>分离</translation>
    </message>
    <message>
        <source>Trainer:</source>
        <translation>训练器：</translation>
    </message>
    <message>
        <source>Workers:</source>
        <translation>工作进程：</translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation>轮数：</translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation>样本数：</translation>
    </message>
    <message>
        <source>Global batch:</source>
        <translation>全局批次：</translation>
    </message>
    <message>
        <source>Devices:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Hosts:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Add Worker</source>
        <translation>添加工作进程</translation>
    </message>
    <message>
        <source>Remove Selected</source>
        <translation>移除所选</translation>
    </message>
    <message>
        <source>Stop Job</source>
        <translation>停止任务</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>样本/s</translation>
    </message>
    <message>
        <source>Training, live</source>
        <translation>训练（实时）</translation>
    </message>
    <message>
        <source>Starting the job…</source>
        <translation>正在启动任务…</translation>
    </message>
    <message>
        <source>Start elastic job</source>
        <translation>启动弹性任务</translation>
    </message>
    <message>
        <source>Cannot start the job: %1</source>
        <translation>无法启动任务：%1</translation>
    </message>
    <message>
        <source>The job runs, but cannot be recorded: %1</source>
        <translation>任务正在运行，但无法记录：%1</translation>
    </message>
    <message>
        <source>Cannot attach: %1</source>
        <translation>无法附加：%1</translation>
    </message>
    <message>
        <source>Lost the job: %1</source>
        <translation>任务丢失：%1</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/s</translation>
    </message>
    <message>
        <source>Generation %1 (%2): %3</source>
        <translation>第 %1 代（%2）：%3</translation>
    </message>
    <message>
        <source>Worker %1 failed at step %2: %3 (silent %4 s)</source>
        <translation>工作进程 %1 在第 %2 步失败：%3（静默 %4 s）</translation>
    </message>
    <message>
        <source>Epoch %1 done: %2 of %3 samples trained exactly once</source>
        <translation>第 %1 轮完成：%3 个样本中有 %2 个恰好训练一次</translation>
    </message>
    <message>
        <source>Cannot record the curves: %1</source>
        <translation>无法记录曲线：%1</translation>
    </message>
    <message>
        <source>Cannot record the end of the job: %1</source>
        <translation>无法记录任务结束：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;generation %3 · step %4 · epoch %5/%6&lt;br&gt;loss %7 · %8 samples/s · %9 workers</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;第 %3 代 · 第 %4 步 · 第 %5/%6 轮&lt;br&gt;损失 %7 · %8 样本/s · %9 个工作进程</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation>每步时间 (ms)</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Pause (ms)</source>
        <translation>暂停 (ms)</translation>
    </message>
    <message>
        <source>Run %1 (%2): %3</source>
        <translation>运行 %1（%2）：%3</translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation>无法显示运行 %1：%2</translation>
    </message>
    <message>
        <source>Elastic Training</source>
        <translation>弹性训练</translation>
    </message>
    <message>
        <source>Migrate Selected</source>
        <translation>迁移所选</translation>
    </message>
    <message>
        <source>Starts workers on the devices of the Devices field, waits until they train, then removes the selected workers (all of them when none is selected)</source>
        <translation>在“设备”栏的设备上启动工作进程，等它们开始训练后移除所选工作进程（未选择时移除全部）</translation>
    </message>
    <message>
        <source>Profile Throughput</source>
        <translation>吞吐量剖析</translation>
    </message>
    <message>
        <source>Runs the job briefly at 1 to N workers (N from the Workers field) and draws samples/s against workers; the job returns to its size afterwards</source>
        <translation>以 1 到 N 个工作进程（N 取自“工作进程”栏）短暂运行作业，绘制样本/秒随工作进程数的变化；之后作业恢复原规模</translation>
    </message>
    <message>
        <source>Compute time of each worker&apos;s step</source>
        <translation>各工作进程每步的计算时间</translation>
    </message>
    <message>
        <source>Workers over time; squares mark scale events</source>
        <translation>工作进程数随时间变化；方块表示伸缩事件</translation>
    </message>
    <message>
        <source>Scaling curve (Profile Throughput)</source>
        <translation>扩展曲线（吞吐量剖析）</translation>
    </message>
    <message>
        <source>Loss and Throughput</source>
        <translation>损失与吞吐量</translation>
    </message>
    <message>
        <source>Step Time per Worker</source>
        <translation>各工作进程步时间</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>workers</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Chunks (epoch)</source>
        <translation>数据块（本轮）</translation>
    </message>
    <message>
        <source>scale events</source>
        <translation>伸缩事件</translation>
    </message>
    <message>
        <source>Migration of every worker requested</source>
        <translation>已请求迁移全部工作进程</translation>
    </message>
    <message>
        <source>Migration requested: %1</source>
        <translation>已请求迁移：%1</translation>
    </message>
    <message>
        <source>Migrate workers</source>
        <translation>迁移工作进程</translation>
    </message>
    <message numerus="yes">
        <source>Migration done: %n scale event(s), %1 ms of pause in all</source>
        <translation>
            <numerusform>迁移完成：%n 次伸缩，共暂停 %1 毫秒</numerusform>
        </translation>
    </message>
    <message>
        <source>Migration did not finish: %1</source>
        <translation>迁移未完成：%1</translation>
    </message>
    <message>
        <source>Profiling throughput at 1 to %1 workers</source>
        <translation>正在以 1 到 %1 个工作进程剖析吞吐量</translation>
    </message>
    <message>
        <source>Profile throughput</source>
        <translation>剖析吞吐量</translation>
    </message>
    <message>
        <source>%1: %2/s</source>
        <translation>%1：%2/秒</translation>
    </message>
    <message>
        <source>Scaling curve: %1</source>
        <translation>扩展曲线：%1</translation>
    </message>
    <message>
        <source>Profiling did not finish: %1</source>
        <translation>剖析未完成：%1</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>启动中</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>加载中</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>active</source>
        <translation>活动</translation>
    </message>
    <message>
        <source>leaving</source>
        <translation>正在退出</translation>
    </message>
    <message>
        <source>left</source>
        <translation>已退出</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>The job runs, but its curves cannot be recorded: %1</source>
        <translation>作业正在运行，但无法记录其曲线：%1</translation>
    </message>
    <message>
        <source>Scale-out</source>
        <translation>扩容</translation>
    </message>
    <message>
        <source>Scale-in</source>
        <translation>缩容</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>%1 requested…</source>
        <translation>已请求%1…</translation>
    </message>
    <message>
        <source>%1: accepted</source>
        <translation>%1：已接受</translation>
    </message>
    <message>
        <source>%1: accepted (%2)</source>
        <translation>%1：已接受（%2）</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>Cannot record a job that ended meanwhile: %1</source>
        <translation>无法记录期间已结束的作业：%1</translation>
    </message>
    <message numerus="yes">
        <source>The elastic job %1 is training (step %2, %n worker(s)).</source>
        <translation>
            <numerusform>弹性作业 %1 正在训练（第 %2 步，%n 个工作进程）。</numerusform>
        </translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>scale-out</source>
        <translation>扩容</translation>
    </message>
    <message>
        <source>scale-in</source>
        <translation>缩容</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>migration</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>start</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <source>restored from a checkpoint</source>
        <translation>从检查点恢复</translation>
    </message>
    <message>
        <source>after a failure</source>
        <translation>故障之后</translation>
    </message>
    <message>
        <source>resized</source>
        <translation>规模变更</translation>
    </message>
    <message>
        <source> · joined: %1</source>
        <translation> · 加入：%1</translation>
    </message>
    <message>
        <source> · left: %1</source>
        <translation> · 退出：%1</translation>
    </message>
    <message>
        <source>Step %1: %2, %3 → %4 workers, %5 ms of pause%6</source>
        <translation>第 %1 步：%2，%3 → %4 个工作进程，暂停 %5 ms%6</translation>
    </message>
    <message>
        <source>Leader: %1</source>
        <translation>领导进程：%1</translation>
    </message>
    <message>
        <source>Choose the model: a TorchScript file saved with torch.jit.save.</source>
        <translation>请选择模型：用 torch.jit.save 保存的 TorchScript 文件。</translation>
    </message>
    <message>
        <source>Choose the data: a folder with inputs.npy and targets.npy.</source>
        <translation>请选择数据：包含 inputs.npy 和 targets.npy 的文件夹。</translation>
    </message>
    <message>
        <source>Your TorchScript model</source>
        <translation>您的 TorchScript 模型</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Data:</source>
        <translation>数据：</translation>
    </message>
    <message>
        <source>model.pt, saved by torch.jit.save</source>
        <translation>model.pt，由 torch.jit.save 保存</translation>
    </message>
    <message>
        <source>TorchScript Model</source>
        <translation>TorchScript 模型</translation>
    </message>
    <message>
        <source>TorchScript (*.pt *.pth);;All files (*)</source>
        <translation>TorchScript (*.pt *.pth);;所有文件 (*)</translation>
    </message>
    <message>
        <source>a folder with inputs.npy and targets.npy</source>
        <translation>包含 inputs.npy 和 targets.npy 的文件夹</translation>
    </message>
    <message>
        <source>Data Folder</source>
        <translation>数据文件夹</translation>
    </message>
    <message>
        <source>The data decides: one sample per row</source>
        <translation>由数据决定：每行一个样本</translation>
    </message>
    <message>
        <source>Choose the script: a Python file that trains with the vantage_edl module.</source>
        <translation>请选择脚本：一个使用 vantage_edl 模块训练的 Python 文件。</translation>
    </message>
    <message>
        <source>Your Python script</source>
        <translation>您的 Python 脚本</translation>
    </message>
    <message>
        <source>train.py, written with the vantage_edl module</source>
        <translation>train.py，使用 vantage_edl 模块编写</translation>
    </message>
    <message>
        <source>Training Script</source>
        <translation>训练脚本</translation>
    </message>
    <message>
        <source>Python (*.py);;All files (*)</source>
        <translation>Python (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>the script&apos;s own arguments, e.g. --data images.pt</source>
        <translation>脚本自身的参数，例如 --data images.pt</translation>
    </message>
    <message>
        <source>The Python that runs the script on every worker; it must have torch and vantage_edl</source>
        <translation>在每个工作进程上运行脚本的 Python；它必须带有 torch 和 vantage_edl</translation>
    </message>
    <message>
        <source>Script:</source>
        <translation>脚本：</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>Python:</source>
        <translation>Python：</translation>
    </message>
    <message>
        <source>The size of the script&apos;s data set: sample ids 0 to N-1</source>
        <translation>脚本数据集的大小：样本编号 0 到 N-1</translation>
    </message>
    <message>
        <source>Training of run %1</source>
        <translation>运行 %1 的训练</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>%1 not sent: the job has ended.</source>
        <translation>%1 未发送：作业已结束。</translation>
    </message>
    <message>
        <source>the job ended before it answered</source>
        <translation>作业在应答前已结束</translation>
    </message>
    <message>
        <source>workers started locally</source>
        <translation>工作进程在本地启动</translation>
    </message>
    <message>
        <source>workers started over ssh</source>
        <translation>工作进程通过 ssh 启动</translation>
    </message>
    <message>
        <source>workers started as Slurm job steps</source>
        <translation>工作进程作为 Slurm 作业步启动</translation>
    </message>
    <message>
        <source>leader on %1 · %2</source>
        <translation>领导者位于 %1 · %2</translation>
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
        <translation>设备数必须是以逗号分隔的正整数，实际为“%1”</translation>
    </message>
    <message>
        <source>give at least one device count</source>
        <translation>请至少给出一个设备数</translation>
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
        <translation>从 JSON…</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Device counts, separated by commas: one frontier each</source>
        <translation>设备数，以逗号分隔：每个对应一条前沿</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>0 finds the exact frontier; ε &gt; 0 merges points within a factor 1 + ε (for huge graphs)</source>
        <translation>0 求精确前沿；ε &gt; 0 合并相差在 1 + ε 倍以内的点（用于超大图）</translation>
    </message>
    <message>
        <source>Search Frontier</source>
        <translation>搜索前沿</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Cluster:</source>
        <translation>集群(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Devices:</source>
        <translation>设备(&amp;D)：</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation>每设备显存 (GiB)</translation>
    </message>
    <message>
        <source>Log time axis</source>
        <translation>对数时间轴</translation>
    </message>
    <message>
        <source>Log memory axis</source>
        <translation>对数显存轴</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>分解</translation>
    </message>
    <message>
        <source>Op Graph</source>
        <translation>算子图</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Export Strategy…</source>
        <translation>导出策略…</translation>
    </message>
    <message>
        <source>%1 (file)</source>
        <translation>%1（文件）</translation>
    </message>
    <message>
        <source>Cluster Profile</source>
        <translation>集群配置</translation>
    </message>
    <message>
        <source>Cluster profiles (*.json);;All files (*)</source>
        <translation>集群配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Frontier search</source>
        <translation>前沿搜索</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>搜索已取消。</translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n 个设备</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1，%n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>Device memory (%1)</source>
        <translation>设备显存（%1）</translation>
    </message>
    <message>
        <source>%1, batch %2, %3</source>
        <translation>%1，批次 %2，%3</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>切分</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>Memory (MiB)</source>
        <translation>显存 (MiB)</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>All-Reduce</translation>
    </message>
    <message>
        <source>Re-partition</source>
        <translation>重新分区</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Re-partition copies</source>
        <translation>重新分区副本</translation>
    </message>
    <message>
        <source>Time %1 · memory %2 per device</source>
        <translation>时间 %1 · 每设备显存 %2</translation>
    </message>
    <message>
        <source>Cannot show the strategy: %1</source>
        <translation>无法显示策略：%1</translation>
    </message>
    <message>
        <source>Cannot record the pick: %1</source>
        <translation>无法记录所选项：%1</translation>
    </message>
    <message>
        <source>Export Strategy</source>
        <translation>导出策略</translation>
    </message>
    <message>
        <source>JSON (*.json);;Text summary (*.txt)</source>
        <translation>JSON (*.json);;文本摘要 (*.txt)</translation>
    </message>
    <message>
        <source>Run %1 has no frontier to show (%2).</source>
        <translation>运行 %1 没有可显示的前沿（%2）。</translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation>无法显示运行 %1：%2</translation>
    </message>
    <message>
        <source>Parallelization Frontier</source>
        <translation>并行策略前沿</translation>
    </message>
    <message>
        <source>Zoom to frontiers</source>
        <translation>缩放到前沿</translation>
    </message>
    <message>
        <source>Axes over the frontiers only; baselines far from them fall outside the plot (data parallel is compared with the fastest strategy under the search). Click a device count in the legend to hide or show it.</source>
        <translation>坐标轴只覆盖前沿；远离前沿的基线落在图外（搜索按钮下方将数据并行与最快策略对比）。点击图例中的设备数可隐藏或显示该前沿。</translation>
    </message>
    <message>
        <source>    fastest %1 at %2; data parallel %3 at %4 (%5× the time)</source>
        <translation>    最快 %1，占用 %2；数据并行 %3，占用 %4（耗时 %5×）</translation>
    </message>
    <message>
        <source>The op graph file sets its own shapes</source>
        <translation>算子图文件自带张量形状</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Megatron TP×DP</source>
        <translation>Megatron TP×DP</translation>
    </message>
    <message>
        <source>OptCNN (fastest)</source>
        <translation>OptCNN（最快）</translation>
    </message>
    <message>
        <source>Least memory</source>
        <translation>最少内存</translation>
    </message>
    <message>
        <source>No frontier yet: choose a model, a cluster and device counts, then Search</source>
        <translation>尚无前沿：请选择模型、集群和设备数，然后搜索</translation>
    </message>
    <message>
        <source>does not fit in device memory</source>
        <translation>超出设备内存</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>%1: %2 in %3</source>
        <translation>%1：%2，用时 %3</translation>
    </message>
    <message numerus="yes">
        <source>%n Pareto point(s)</source>
        <translation>
            <numerusform>%n 个帕累托点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (fits %2 of %n frontier(s))</source>
        <translation>
            <numerusform>%1（%n 条前沿中有 %2 条满足）</numerusform>
        </translation>
    </message>
    <message>
        <source>Does not fit in device memory: this strategy needs %1 per device, a device has %2.</source>
        <translation>超出设备内存：此策略每个设备需要 %1，而设备只有 %2。</translation>
    </message>
    <message numerus="yes">
        <source>Fits: %1 of the %2 of a device, on %n device(s): the fastest strategy that fits, over every device count searched.</source>
        <translation>
            <numerusform>可容纳：占设备 %2 中的 %1，%n 个设备；在所有搜索的设备数中放得下的最快策略。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fits: %1 of the %2 of a device, on %n device(s).</source>
        <translation>
            <numerusform>可容纳：占设备 %2 中的 %1，%n 个设备。</numerusform>
        </translation>
    </message>
    <message>
        <source>No strategy found at any device count searched.</source>
        <translation>在所有搜索的设备数下均未找到策略。</translation>
    </message>
    <message numerus="yes">
        <source>Nothing fits in device memory: the leanest strategy needs %1 per device (on %n device(s)), a device has %2.</source>
        <translation>
            <numerusform>没有策略能放入设备内存：最省内存的策略每个设备需要 %1（%n 个设备），而设备只有 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Fewer samples per device (export the op graph again with a smaller --batch) or more devices lower it; FT does not model ZeRO sharding or activation recomputation yet.</source>
        <translation>减少每个设备的样本数（以更小的 --batch 重新导出算子图）或增加设备可降低内存；FT 尚未建模 ZeRO 分片和激活重计算。</translation>
    </message>
    <message>
        <source>Fewer samples per device (a smaller batch) or more devices lower it; FT does not model ZeRO sharding or activation recomputation yet.</source>
        <translation>减少每个设备的样本数（更小的批大小）或增加设备可降低内存；FT 尚未建模 ZeRO 分片和激活重计算。</translation>
    </message>
    <message>
        <source>This strategy does not fit in device memory: it needs %1 per device, a device has %2. Export it anyway?</source>
        <translation>此策略超出设备内存：每个设备需要 %1，而设备只有 %2。仍要导出吗？</translation>
    </message>
    <message>
        <source>Open an op graph (JSON).</source>
        <translation>打开算子图（JSON）。</translation>
    </message>
    <message>
        <source>Batch &amp;size:</source>
        <translation>批大小(&amp;S)：</translation>
    </message>
    <message>
        <source>E&amp;psilon:</source>
        <translation>Epsilon(&amp;P)：</translation>
    </message>
    <message>
        <source>Time per iteration (ms)</source>
        <translation>每次迭代时间 (ms)</translation>
    </message>
    <message>
        <source>Marks on each frontier the fastest strategy within this memory per device</source>
        <translation>在每条前沿上标出单设备内存不超过此值的最快策略</translation>
    </message>
    <message>
        <source>Memory &amp;budget:</source>
        <translation>内存预算(&amp;B)：</translation>
    </message>
    <message>
        <source>To get one from a PyTorch model, run the exporter on the callable that builds it (MODULE:NAME or FILE.py:NAME), with one sample&apos;s input and the batch:
python3 scripts/export_ft_graph.py --model torchvision.models:resnet50 --input float:3,224,224 --batch 64 --out resnet50.json</source>
        <translation>要从 PyTorch 模型得到算子图，请对构建模型的可调用对象（MODULE:NAME 或 FILE.py:NAME）运行导出脚本，并给出单个样本的输入和批大小：
python3 scripts/export_ft_graph.py --model torchvision.models:resnet50 --input float:3,224,224 --batch 64 --out resnet50.json</translation>
    </message>
    <message>
        <source>JSON op graph (*.json);;All files (*)</source>
        <translation>JSON 算子图 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is a model file; FT reads op graphs (JSON).</source>
        <translation>%1 是模型文件；FT 读取的是算子图（JSON）。</translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>全部核心</translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Measure matmuls, memory bandwidth, op overhead and the collectives of this machine&apos;s devices, and add the fitted profile to the cluster box</source>
        <translation>测量本机设备的矩阵乘法、内存带宽、算子开销和集合通信，并将拟合得到的配置加入集群列表</translation>
    </message>
    <message>
        <source>Processes:</source>
        <translation>进程数：</translation>
    </message>
    <message>
        <source>Threads each:</source>
        <translation>每进程线程数：</translation>
    </message>
    <message>
        <source>Largest matmul:</source>
        <translation>最大矩阵乘法：</translation>
    </message>
    <message>
        <source>Calibrate This Machine</source>
        <translation>校准本机</translation>
    </message>
    <message>
        <source>Calibrating…</source>
        <translation>正在校准…</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Calibration cancelled.</source>
        <translation>校准已取消。</translation>
    </message>
    <message>
        <source>Calibration failed: %1</source>
        <translation>校准失败：%1</translation>
    </message>
    <message>
        <source>%1 (calibrated)</source>
        <translation>%1（已校准）</translation>
    </message>
    <message>
        <source>Calibration %1 has no profile (%2).</source>
        <translation>校准 %1 没有配置（%2）。</translation>
    </message>
    <message>
        <source>my_model.py:build</source>
        <translation>my_model.py:build</translation>
    </message>
    <message>
        <source>The callable that returns your nn.Module: FILE.py:NAME or MODULE:NAME, as the exporter takes it (filled in when the op graph records it)</source>
        <translation>返回您的 nn.Module 的可调用对象：FILE.py:NAME 或 MODULE:NAME，与导出器的写法相同（算子图记录了它时自动填入）</translation>
    </message>
    <message>
        <source>One sample per argument of forward, separated by spaces: long:SEQ for tokens, float:C,H,W for an image</source>
        <translation>forward 每个参数一个样本，以空格分隔：词元用 long:SEQ，图像用 float:C,H,W</translation>
    </message>
    <message>
        <source>every point</source>
        <translation>所有点</translation>
    </message>
    <message>
        <source>Validate Frontier runs this many points, spread over the picked frontier</source>
        <translation>“验证前沿”运行这么多个点，均匀分布在所选前沿上</translation>
    </message>
    <message>
        <source>Run This Strategy</source>
        <translation>运行此策略</translation>
    </message>
    <message>
        <source>Train the picked strategy on your module for a few steps, one process per device, and measure its time and memory against the prediction</source>
        <translation>在您的模块上以所选策略训练几步，每个设备一个进程，并将其时间和内存与预测对比</translation>
    </message>
    <message>
        <source>Validate Frontier</source>
        <translation>验证前沿</translation>
    </message>
    <message>
        <source>Run points of the picked frontier and compare each with its prediction</source>
        <translation>运行所选前沿上的点，并将每个点与其预测对比</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Time Error</source>
        <translation>时间误差</translation>
    </message>
    <message>
        <source>Predicted Memory</source>
        <translation>预测内存</translation>
    </message>
    <message>
        <source>Measured Memory</source>
        <translation>实测内存</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Module:</source>
        <translation>模块：</translation>
    </message>
    <message>
        <source>Inputs:</source>
        <translation>输入：</translation>
    </message>
    <message>
        <source>Points:</source>
        <translation>点数：</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>步数：</translation>
    </message>
    <message>
        <source>Pick a strategy on the chart first.</source>
        <translation>请先在图中选择一个策略。</translation>
    </message>
    <message>
        <source>Give the module that builds your model (FILE.py:NAME).</source>
        <translation>请给出构建模型的模块（FILE.py:NAME）。</translation>
    </message>
    <message>
        <source>Running the strategy…</source>
        <translation>正在运行策略…</translation>
    </message>
    <message>
        <source>Run Strategy</source>
        <translation>运行策略</translation>
    </message>
    <message>
        <source>Run cancelled.</source>
        <translation>运行已取消。</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>Validating the frontier…</source>
        <translation>正在验证前沿…</translation>
    </message>
    <message>
        <source>Validation cancelled.</source>
        <translation>验证已取消。</translation>
    </message>
    <message>
        <source>The validation failed: %1</source>
        <translation>验证失败：%1</translation>
    </message>
    <message>
        <source>equal</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>differ by %1</source>
        <translation>相差 %1</translation>
    </message>
    <message>
        <source>%1, measured</source>
        <translation>%1，实测</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>Run %1 has no measurement (%2).</source>
        <translation>运行 %1 没有测量结果（%2）。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>ZeRO + recomputation</source>
        <translation>ZeRO + 重计算</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message numerus="yes">
        <source>ZeRO-%1 on %n op(s)</source>
        <translation>
            <numerusform>%n 个算子使用 ZeRO-%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>recomputation on %n op(s)</source>
        <translation>
            <numerusform>%n 个算子重计算</numerusform>
        </translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>up to stage </source>
        <translation>最高阶段 </translation>
    </message>
    <message>
        <source>Selective recomputation</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <source>&amp;ZeRO:</source>
        <translation>&amp;ZeRO:</translation>
    </message>
    <message>
        <source>ZeRO-DP</source>
        <translation>ZeRO-DP</translation>
    </message>
    <message>
        <source>FSDP (ZeRO-3)</source>
        <translation>FSDP（ZeRO-3）</translation>
    </message>
    <message>
        <source>Megatron + ZeRO-1 / recomputation</source>
        <translation>Megatron + ZeRO-1 / 重计算</translation>
    </message>
    <message>
        <source>Strategy runner&apos;s overhead</source>
        <translation>策略运行器的开销</translation>
    </message>
    <message>
        <source>Also measure what the strategy runner (PyTorch&apos;s DTensor, in Python) adds to each ATen op, forward and backward, so that predictions of strategies run by Run This Strategy and Validate Frontier include it (Python with PyTorch: $VANTAGE_PYTHON, else python3)</source>
        <translation>同时测量策略运行器（PyTorch 的 DTensor，Python 中）在每个 ATen 算子的前向和反向中增加的开销，使“运行此策略”和“验证前沿”所运行策略的预测包含它（带 PyTorch 的 Python：$VANTAGE_PYTHON，否则 python3）</translation>
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
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) had been interrupted and are now marked failed.</source>
        <translation>
            <numerusform>%n 个运行曾被中断，现已标记为失败。</numerusform>
        </translation>
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
        <translation>
            <numerusform>已构建 GPU 路径（CUDA 运行时 %1，NCCL %2）；可见 %n 个 GPU</numerusform>
        </translation>
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
        <translation>
            <numerusform>已删除 %n 个运行。编辑 &gt; 撤销可恢复。</numerusform>
        </translation>
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
    <message>
        <source>&amp;Compare Selected Runs</source>
        <translation>比较所选运行(&amp;C)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation>比较运行</translation>
    </message>
    <message>
        <source>Compare %1</source>
        <translation>比较 %1</translation>
    </message>
    <message>
        <source>Detach: the job goes on, and is attached again when this session is next opened.
Stop: the workers save and leave, and the run is recorded.</source>
        <translation>分离：作业继续运行，下次打开此会话时重新连接。
停止：工作进程保存后退出，并记录该运行。</translation>
    </message>
    <message>
        <source>Detach</source>
        <translation>分离</translation>
    </message>
    <message>
        <source>Stop the Job</source>
        <translation>停止作业</translation>
    </message>
    <message>
        <source>Stopping the job…</source>
        <translation>正在停止作业…</translation>
    </message>
    <message>
        <source>The job is still stopping; it is recorded when the session opens next.</source>
        <translation>作业仍在停止中；下次打开会话时将记录它。</translation>
    </message>
    <message>
        <source>Open &amp;Demo Session</source>
        <translation>打开演示会话(&amp;D)</translation>
    </message>
    <message>
        <source>Open Demo Session</source>
        <translation>打开演示会话</translation>
    </message>
    <message>
        <source>Cannot create the demo session.

%1</source>
        <translation>无法创建演示会话。

%1</translation>
    </message>
    <message>
        <source>The demo session holds a run of every engine.</source>
        <translation>演示会话包含每个引擎的一次运行。</translation>
    </message>
    <message>
        <source>Demo: run %1 of %2</source>
        <translation>演示：第 %1 / %2 次运行</translation>
    </message>
    <message>
        <source>No engine of this build reads TorchScript models.</source>
        <translation>此构建中没有引擎读取 TorchScript 模型。</translation>
    </message>
    <message>
        <source>%1 is not an op graph FT can read.</source>
        <translation>%1 不是 FT 可读取的算子图。</translation>
    </message>
    <message>
        <source>Vantage does not open %1 files here (%2).</source>
        <translation>Vantage 不在此处打开 %1 文件（%2）。</translation>
    </message>
    <message>
        <source>The untitled session stays open.</source>
        <translation>未命名会话保持打开。</translation>
    </message>
    <message>
        <source>Another Vantage window has this untitled session open.</source>
        <translation>另一个 Vantage 窗口已打开此未命名会话。</translation>
    </message>
    <message>
        <source>Opened read-only: you may not write this session file.</source>
        <translation>以只读方式打开：您无权写入此会话文件。</translation>
    </message>
    <message>
        <source>Runs go into an untitled session until you save it (File › Save As).</source>
        <translation>运行会保存在未命名会话中，直到您保存它（文件 › 另存为）。</translation>
    </message>
    <message>
        <source>Cannot create an untitled session: %1</source>
        <translation>无法创建未命名会话：%1</translation>
    </message>
    <message>
        <source>Saved as %1</source>
        <translation>已另存为 %1</translation>
    </message>
    <message numerus="yes">
        <source>The untitled session holds %n run(s) that are in no saved session file.</source>
        <translation>
            <numerusform>未命名会话中有 %n 次运行不在任何已保存的会话文件中。</numerusform>
        </translation>
    </message>
    <message>
        <source>Save them in a session file, or discard them?</source>
        <translation>将它们保存到会话文件中，还是丢弃？</translation>
    </message>
    <message>
        <source>Finish or cancel the running task before switching sessions.</source>
        <translation>切换会话前，请先完成或取消正在运行的任务。</translation>
    </message>
    <message>
        <source>Finish or cancel the running task first.</source>
        <translation>请先完成或取消正在运行的任务。</translation>
    </message>
    <message>
        <source>A task is still running. Cancel it and quit?</source>
        <translation>仍有任务在运行。取消任务并退出？</translation>
    </message>
    <message>
        <source>%1 is a torch.export program (.pt2), which DGI reads; this build has no DGI.</source>
        <translation>%1 是 torch.export 程序（.pt2），由 DGI 读取；此构建不含 DGI。</translation>
    </message>
</context>
<context>
    <name>vantage::gui::PpacPage</name>
    <message>
        <source>Item</source>
        <translation>物品</translation>
    </message>
    <message>
        <source>GP</source>
        <translation>GP</translation>
    </message>
    <message>
        <source>Interactions</source>
        <translation>交互</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Similar users</source>
        <translation>相似用户</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>In test</source>
        <translation>在测试集中</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>Synthetic (communities, long tail)</source>
        <translation>合成（社区结构，长尾）</translation>
    </message>
    <message>
        <source>Folder or file…</source>
        <translation>文件夹或文件…</translation>
    </message>
    <message>
        <source>train.txt folder, .inter, ratings.dat, u.data or .csv</source>
        <translation>train.txt 文件夹、.inter、ratings.dat、u.data 或 .csv</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Dataset Folder</source>
        <translation>数据集文件夹</translation>
    </message>
    <message>
        <source>Load Data</source>
        <translation>加载数据</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Users:</source>
        <translation>用户数：</translation>
    </message>
    <message>
        <source>Items:</source>
        <translation>物品数：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <source>Path:</source>
        <translation>路径：</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>BPR-MF</source>
        <translation>BPR-MF</translation>
    </message>
    <message>
        <source>LightGCN</source>
        <translation>LightGCN</translation>
    </message>
    <message>
        <source>PPAC (personal and global popularity branches)</source>
        <translation>PPAC（个人与全局流行度分支）</translation>
    </message>
    <message>
        <source>Held out from training</source>
        <translation>训练时留出</translation>
    </message>
    <message>
        <source>Balanced test (authors&apos; protocol)</source>
        <translation>均衡测试（作者协议）</translation>
    </message>
    <message>
        <source>None (keep last epoch)</source>
        <translation>无（保留最后一轮）</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Stop After Epoch</source>
        <translation>本轮后停止</translation>
    </message>
    <message>
        <source>Ends training after the current epoch and keeps the best weights so far</source>
        <translation>在当前轮结束后停止训练，并保留迄今最佳权重</translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation>轮数：</translation>
    </message>
    <message>
        <source>Validation:</source>
        <translation>验证：</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Item rank (most popular first)</source>
        <translation>物品排名（最热门在前）</translation>
    </message>
    <message>
        <source>Training interactions</source>
        <translation>训练交互</translation>
    </message>
    <message>
        <source>Long tail of item popularity</source>
        <translation>物品流行度长尾</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Validation metric</source>
        <translation>验证指标</translation>
    </message>
    <message>
        <source>Store Knobs in Session</source>
        <translation>将参数保存到会话</translation>
    </message>
    <message>
        <source>Trade-off Curve</source>
        <translation>权衡曲线</translation>
    </message>
    <message>
        <source>Re-ranks for a range of β at the current γ and plots ARP against NDCG</source>
        <translation>在当前 γ 下对一系列 β 重排序，并绘制 ARP 与 NDCG 的关系</translation>
    </message>
    <message>
        <source>γ (personal popularity):</source>
        <translation>γ（个人流行度）：</translation>
    </message>
    <message>
        <source>β (global popularity):</source>
        <translation>β（全局流行度）：</translation>
    </message>
    <message>
        <source>Item popularity group (1 = most popular tenth)</source>
        <translation>物品流行度分组（1 = 最热门的十分之一）</translation>
    </message>
    <message>
        <source>Share of recommendations</source>
        <translation>推荐占比</translation>
    </message>
    <message>
        <source>Popularity of recommended items</source>
        <translation>推荐物品的流行度</translation>
    </message>
    <message>
        <source>ARP@20 (lower: less popularity bias)</source>
        <translation>ARP@20（越低：流行度偏差越小）</translation>
    </message>
    <message>
        <source>NDCG@20</source>
        <translation>NDCG@20</translation>
    </message>
    <message>
        <source>ARP / accuracy trade-off</source>
        <translation>ARP / 准确率权衡</translation>
    </message>
    <message>
        <source>User id</source>
        <translation>用户 ID</translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation>查看</translation>
    </message>
    <message>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <source>▶</source>
        <translation>▶</translation>
    </message>
    <message>
        <source>Previous user</source>
        <translation>上一个用户</translation>
    </message>
    <message>
        <source>Next user</source>
        <translation>下一个用户</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>Base model top-K (γ = β = 0)</source>
        <translation>基础模型 Top-K（γ = β = 0）</translation>
    </message>
    <message>
        <source>With the knobs</source>
        <translation>使用调节参数</translation>
    </message>
    <message>
        <source>Ranked by personal popularity</source>
        <translation>按个人流行度排序</translation>
    </message>
    <message>
        <source>Ranked by global popularity</source>
        <translation>按全局流行度排序</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Debiasing</source>
        <translation>去偏</translation>
    </message>
    <message>
        <source>User Inspector</source>
        <translation>用户检查器</translation>
    </message>
    <message>
        <source>Loading data…</source>
        <translation>正在加载数据…</translation>
    </message>
    <message>
        <source>Load dataset</source>
        <translation>加载数据集</translation>
    </message>
    <message>
        <source>Data ready: %1 users, %2 items.</source>
        <translation>数据就绪：%1 个用户，%2 个物品。</translation>
    </message>
    <message>
        <source>Loading cancelled.</source>
        <translation>加载已取消。</translation>
    </message>
    <message>
        <source>Cannot load the data: %1</source>
        <translation>无法加载数据：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 users · %3 items · %4 training interactions (density %5%)&lt;br&gt;validation %6 · test %7 (%8 users) · balanced test %9 (%10 users)&lt;br&gt;%11 items per user on average · the most popular 20% of items get %12% of the interactions · %13 items without training interactions</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 个用户 · %3 个物品 · %4 条训练交互（密度 %5%）&lt;br&gt;验证 %6 · 测试 %7（%8 个用户）· 均衡测试 %9（%10 个用户）&lt;br&gt;平均每用户 %11 个物品 · 最热门的 20% 物品获得 %12% 的交互 · %13 个物品没有训练交互</translation>
    </message>
    <message>
        <source>interactions per item</source>
        <translation>每物品交互数</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>正在训练…</translation>
    </message>
    <message>
        <source>Train %1</source>
        <translation>训练 %1</translation>
    </message>
    <message>
        <source>Trained: %1</source>
        <translation>已训练：%1</translation>
    </message>
    <message>
        <source>Training cancelled.</source>
        <translation>训练已取消。</translation>
    </message>
    <message>
        <source>Training failed: %1</source>
        <translation>训练失败：%1</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>validation NDCG@20</source>
        <translation>验证 NDCG@20</translation>
    </message>
    <message>
        <source>Re-rank</source>
        <translation>重排序</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation>均衡</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>NDCG</source>
        <translation>NDCG</translation>
    </message>
    <message>
        <source>ARP</source>
        <translation>ARP</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>Gini</source>
        <translation>基尼系数</translation>
    </message>
    <message>
        <source>Tail %</source>
        <translation>长尾占比 %</translation>
    </message>
    <message>
        <source>base (γ = β = 0)</source>
        <translation>基础（γ = β = 0）</translation>
    </message>
    <message>
        <source>γ = %1, β = %2</source>
        <translation>γ = %1，β = %2</translation>
    </message>
    <message>
        <source>Re-ranked %1 users in %2 ms: Recall@20 %3, NDCG@20 %4, ARP@20 %5</source>
        <translation>已在 %2 ms 内为 %1 个用户重排序：Recall@20 %3，NDCG@20 %4，ARP@20 %5</translation>
    </message>
    <message>
        <source>Cannot store the knobs: %1</source>
        <translation>无法保存调节参数：%1</translation>
    </message>
    <message>
        <source>Trade-off curve</source>
        <translation>权衡曲线</translation>
    </message>
    <message>
        <source>test, γ = %1, β from 0 to −1</source>
        <translation>测试，γ = %1，β 从 0 到 −1</translation>
    </message>
    <message>
        <source>balanced test</source>
        <translation>均衡测试</translation>
    </message>
    <message>
        <source>No user “%1” in this dataset.</source>
        <translation>此数据集中没有用户“%1”。</translation>
    </message>
    <message>
        <source>User %1: %2 training items, %3 test items. %4: ARP of the top-%5 %6 → %7, mean PP %8 → %9, test hits %10 → %11.</source>
        <translation>用户 %1：%2 个训练物品，%3 个测试物品。%4：Top-%5 的 ARP %6 → %7，平均 PP %8 → %9，测试命中 %10 → %11。</translation>
    </message>
    <message>
        <source>User %1: %2 training items, %3 test items. Train a model to see recommendations.</source>
        <translation>用户 %1：%2 个训练物品，%3 个测试物品。训练模型后即可查看推荐。</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Jaccard</source>
        <translation>Jaccard</translation>
    </message>
    <message>
        <source>Shared items</source>
        <translation>共同物品</translation>
    </message>
    <message>
        <source>Run %1 has no trained model to show.</source>
        <translation>运行 %1 没有可显示的已训练模型。</translation>
    </message>
    <message>
        <source>Run %1 kept no model.</source>
        <translation>运行 %1 未保留模型。</translation>
    </message>
    <message>
        <source>Restore model</source>
        <translation>恢复模型</translation>
    </message>
    <message>
        <source>Cannot restore the model: %1</source>
        <translation>无法恢复模型：%1</translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation>无法显示运行 %1：%2</translation>
    </message>
    <message>
        <source>Debiased Recommendation</source>
        <translation>去偏推荐</translation>
    </message>
    <message>
        <source>ARP / accuracy trade-off (press Trade-off Curve)</source>
        <translation>ARP / 准确率权衡（请点击“权衡曲线”）</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>item</source>
        <translation>物品</translation>
    </message>
    <message>
        <source>rating</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>timestamp</source>
        <translation>时间戳</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>Columns read: %1</source>
        <translation>读取的列：%1</translation>
    </message>
    <message>
        <source>%1 rows repeat a (user, item) pair seen before: each pair is one interaction, at its latest timestamp.</source>
        <translation>%1 行重复了已出现的（用户，物品）对：每对计为一次交互，取其最新时间戳。</translation>
    </message>
    <message>
        <source>Run %1, with the data and the model already loaded.</source>
        <translation>运行 %1，数据和模型均已加载。</translation>
    </message>
    <message>
        <source>Loading the data run %1 was trained on…</source>
        <translation>正在加载运行 %1 训练所用的数据…</translation>
    </message>
    <message>
        <source>Restoring the model of run %1…</source>
        <translation>正在恢复运行 %1 的模型…</translation>
    </message>
    <message>
        <source>Run %1 restored.</source>
        <translation>运行 %1 已恢复。</translation>
    </message>
    <message>
        <source>Architecture:</source>
        <translation>架构：</translation>
    </message>
</context>
<context>
    <name>vantage::gui::ReportDialog</name>
    <message>
        <source>HTML report (*.html);;PDF report (*.pdf);;CSV and JSON, zipped (*.zip);;CSV and JSON folder (*)</source>
        <translation>HTML 报告 (*.html);;PDF 报告 (*.pdf);;CSV 与 JSON 压缩包 (*.zip);;CSV 与 JSON 文件夹 (*)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selected in the Browser</source>
        <translation>浏览器中选中的</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>标题(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation>文件(&amp;I)：</translation>
    </message>
    <message>
        <source>Runs in the report:</source>
        <translation>报告中的运行：</translation>
    </message>
    <message>
        <source>%1 of %2 runs</source>
        <translation>%1 / %2 次运行</translation>
    </message>
</context>
<context>
    <name>vantage::gui::ReportExport</name>
    <message>
        <source>[an image that cannot be drawn]</source>
        <translation>[无法绘制的图像]</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF writer could not start</source>
        <translation>无法写入 %1：PDF 写入器无法启动</translation>
    </message>
    <message>
        <source>Vantage report: %1</source>
        <translation>Vantage 报告：%1</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be finished</source>
        <translation>无法写入 %1：PDF 无法完成</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Cannot export the report: %1</source>
        <translation>无法导出报告：%1</translation>
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
        <translation>
            <numerusform>%n 个运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n run(s)</source>
        <translation>
            <numerusform>%1 / %n 个运行</numerusform>
        </translation>
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
        <translation>
            <numerusform>删除 %n 个运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
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
    <message>
        <source>search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>frontier</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>pick</source>
        <translation>选取</translation>
    </message>
    <message>
        <source>export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>partition</source>
        <translation>切分</translation>
    </message>
    <message>
        <source>evaluate</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>similar</source>
        <translation>相似</translation>
    </message>
    <message>
        <source>re-rank</source>
        <translation>重排序</translation>
    </message>
    <message>
        <source>knobs</source>
        <translation>调节</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>calibrate</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>run strategy</source>
        <translation>运行策略</translation>
    </message>
    <message>
        <source>validate</source>
        <translation>验证</translation>
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
        <source>Cannot read the session: %1</source>
        <translation>无法读取会话：%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;File: &lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;文件：&lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;This session has no runs yet. Pick an engine&apos;s tab above to start one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;此会话还没有运行。请在上方选择一个引擎标签页开始。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open the Demo Session</source>
        <translation>打开演示会话</translation>
    </message>
    <message>
        <source>A session with a run of every engine, made on first use</source>
        <translation>包含每个引擎一次运行的会话，首次打开时创建</translation>
    </message>
    <message>
        <source>No recent sessions yet.</source>
        <translation>还没有最近打开的会话。</translation>
    </message>
    <message>
        <source>Recent sessions</source>
        <translation>最近的会话</translation>
    </message>
    <message>
        <source>First steps</source>
        <translation>入门步骤</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Unsaved work from %1</source>
        <translation>%1 的未保存工作</translation>
    </message>
    <message>
        <source>Left by an earlier start that did not end normally: open it to save it or to discard it</source>
        <translation>由之前一次未正常结束的启动留下：打开它以保存或丢弃</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Split a model over devices&lt;/b&gt; on &lt;a href=&apos;page:ft&apos;&gt;%1&lt;/a&gt;: pick a model (or an op graph exported from PyTorch) and a cluster, press Search, click a point of a frontier to see its strategy, and export it.</source>
        <translation>&lt;b&gt;将模型拆分到多个设备&lt;/b&gt;，在&lt;a href=&apos;page:ft&apos;&gt;%1&lt;/a&gt;页：选择模型（或从 PyTorch 导出的算子图）和集群，点击搜索，点击前沿上的一个点查看其策略，然后导出。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Train with workers that come and go&lt;/b&gt; on &lt;a href=&apos;page:edl&apos;&gt;%1&lt;/a&gt;: start a job, then add or remove workers while it trains; the job goes on if you close the window.</source>
        <translation>&lt;b&gt;在工作进程增减时训练&lt;/b&gt;，在&lt;a href=&apos;page:edl&apos;&gt;%1&lt;/a&gt;页：启动一个作业，然后在训练期间添加或移除工作进程；关闭窗口后作业仍会继续。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Evaluate a GNN layer by layer&lt;/b&gt; on &lt;a href=&apos;page:dgi&apos;&gt;%1&lt;/a&gt;: choose a graph and a model (a built-in one or your TorchScript file), see how it is cut into layers, and compare with node-wise evaluation.</source>
        <translation>&lt;b&gt;逐层评估 GNN&lt;/b&gt;，在&lt;a href=&apos;page:dgi&apos;&gt;%1&lt;/a&gt;页：选择图和模型（内置模型或您的 TorchScript 文件），查看它如何被切分为层，并与逐节点评估比较。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Debias a recommender&lt;/b&gt; on &lt;a href=&apos;page:ppac&apos;&gt;%1&lt;/a&gt;: load a dataset, train, then move the sliders and see how popularity bias changes, user by user.</source>
        <translation>&lt;b&gt;为推荐去偏&lt;/b&gt;，在&lt;a href=&apos;page:ppac&apos;&gt;%1&lt;/a&gt;页：加载数据集并训练，然后移动滑块，逐个用户查看流行度偏差如何变化。</translation>
    </message>
    <message>
        <source>Every run is kept in the session file. File › Export Report writes the runs as HTML, PDF or CSV. Drop a session (.vantage), an op graph (.json) or a TorchScript model (.pt) onto the window to open it.</source>
        <translation>每次运行都保存在会话文件中。文件 › 导出报告可将运行写为 HTML、PDF 或 CSV。将会话（.vantage）、算子图（.json）或 TorchScript 模型（.pt）拖到窗口上即可打开。</translation>
    </message>
    <message>
        <source>The guides are in the &lt;code&gt;docs/&lt;/code&gt; folder of Vantage&apos;s source: ft.md, edl.md, dgi.md and ppac.md.</source>
        <translation>指南位于 Vantage 源代码的 &lt;code&gt;docs/&lt;/code&gt; 文件夹中：ft.md、edl.md、dgi.md 和 ppac.md。</translation>
    </message>
    <message>
        <source>Parallelization frontiers (FT)</source>
        <translation>并行策略前沿 (FT)</translation>
    </message>
    <message>
        <source>Elastic training (EDL)</source>
        <translation>弹性训练 (EDL)</translation>
    </message>
    <message>
        <source>Layer-wise GNN evaluation (DGI)</source>
        <translation>逐层 GNN 评估 (DGI)</translation>
    </message>
    <message>
        <source>Debiased recommendation (PPAC)</source>
        <translation>去偏推荐 (PPAC)</translation>
    </message>
    <message>
        <source>All guides: &lt;a href=&apos;doc:&apos;&gt;%1&lt;/a&gt;</source>
        <translation>全部指南：&lt;a href=&apos;doc:&apos;&gt;%1&lt;/a&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;This session has no file name yet: its runs are kept until you quit, and you are asked whether to save them. File › Save As names it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;此会话还没有文件名：其运行会保留到退出时，届时会询问您是否保存。文件 › 另存为可为其命名。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Welcome to Vantage</source>
        <translation>欢迎使用 Vantage</translation>
    </message>
    <message>
        <source>A session is one file (*.vantage) that keeps every run: its inputs, results, charts and exports. Create one, open one, or start on an engine&apos;s tab: the work is kept in an untitled session until you save it.</source>
        <translation>会话是一个文件（*.vantage），保存每次运行：其输入、结果、图表和导出。新建或打开一个会话，或直接在某个引擎的标签页上开始：工作会保存在未命名会话中，直到您保存它。</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>未命名会话</translation>
    </message>
</context>
<context>
    <name>vantage::report</name>
    <message>
        <source>Frontiers</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>Time / memory frontier</source>
        <translation>时间/内存前沿</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <source>Time per iteration (ms)</source>
        <translation>每次迭代时间 (ms)</translation>
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation>每设备显存 (GiB)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>device memory (%1)</source>
        <translation>设备内存（%1）</translation>
    </message>
    <message>
        <source>Each frontier joins the strategies that no other strategy beats in both time and memory, one colour per device count. Baselines are single markers, one shape per baseline, in the colour of their device count.</source>
        <translation>每条前沿连接在时间和内存上都不被其他策略同时超越的策略，每种设备数一种颜色。基线为单个标记，每种基线一种形状，颜色对应其设备数。</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>Strategies</source>
        <translation>策略数</translation>
    </message>
    <message>
        <source>Search time</source>
        <translation>搜索时间</translation>
    </message>
    <message>
        <source>Fastest: time</source>
        <translation>最快：时间</translation>
    </message>
    <message>
        <source>Fastest: memory</source>
        <translation>最快：内存</translation>
    </message>
    <message>
        <source>Least memory</source>
        <translation>最少内存</translation>
    </message>
    <message>
        <source>Least memory: time</source>
        <translation>最少内存：时间</translation>
    </message>
    <message>
        <source>no strategy found</source>
        <translation>未找到策略</translation>
    </message>
    <message>
        <source>Baselines</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Time / fastest</source>
        <translation>时间 / 最快</translation>
    </message>
    <message>
        <source>Fastest strategies per device count</source>
        <translation>各设备数下最快的策略</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>%1 more points are in frontier.csv of the CSV export.</source>
        <translation>另有 %1 个点在 CSV 导出的 frontier.csv 中。</translation>
    </message>
    <message>
        <source>Ranking quality and popularity bias</source>
        <translation>排序质量与流行度偏差</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>K = %1</source>
        <translation>K = %1</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>balanced</source>
        <translation>均衡</translation>
    </message>
    <message>
        <source>Users evaluated</source>
        <translation>评估用户数</translation>
    </message>
    <message>
        <source>“full” ranks over every test interaction; “balanced” weighs items so that popular and unpopular items count alike (the debiased view). ARP is the average popularity of the recommended items: lower means less popularity bias.</source>
        <translation>“完整”基于所有测试交互排序；“均衡”对物品加权，使热门与冷门物品同等计数（去偏视角）。ARP 是推荐物品的平均流行度：越低表示流行度偏差越小。</translation>
    </message>
    <message>
        <source>Scale events</source>
        <translation>扩缩容事件</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Joined</source>
        <translation>加入</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>离开</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>scale-out</source>
        <translation>扩容</translation>
    </message>
    <message>
        <source>scale-in</source>
        <translation>缩容</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Samples trained</source>
        <translation>已训练样本</translation>
    </message>
    <message>
        <source>Last step time</source>
        <translation>最近一步用时</translation>
    </message>
    <message>
        <source>Layer by layer and node by node</source>
        <translation>逐层与逐节点</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值内存</translation>
    </message>
    <message>
        <source>Speed-up of this run</source>
        <translation>本次运行的加速比</translation>
    </message>
    <message>
        <source>node by node</source>
        <translation>逐节点</translation>
    </message>
    <message>
        <source>layer by layer</source>
        <translation>逐层</translation>
    </message>
    <message>
        <source>%1 (this run)</source>
        <translation>%1（本次运行）</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Edges</source>
        <translation>边</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Data touched</source>
        <translation>访问数据量</translation>
    </message>
    <message>
        <source>Vantage report</source>
        <translation>Vantage 报告</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>Session file</source>
        <translation>会话文件</translation>
    </message>
    <message>
        <source>Report date</source>
        <translation>报告日期</translation>
    </message>
    <message>
        <source>Session created</source>
        <translation>会话创建时间</translation>
    </message>
    <message>
        <source>Report written by</source>
        <translation>报告生成工具</translation>
    </message>
    <message>
        <source>Session created with</source>
        <translation>会话创建工具</translation>
    </message>
    <message>
        <source>Session schema</source>
        <translation>会话架构版本</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>This session has no runs.</source>
        <translation>此会话没有运行。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
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
        <source>%1 more runs are not listed here. The CSV export (vantage-cli report --format csv) holds every run; a report of chosen runs (--runs) details those.</source>
        <translation>另有 %1 个运行未在此列出。CSV 导出（vantage-cli report --format csv）包含所有运行；针对所选运行的报告（--runs）会详细列出它们。</translation>
    </message>
    <message>
        <source>Appendix: parameters and results as stored</source>
        <translation>附录：存储的参数和结果</translation>
    </message>
    <message>
        <source>Each run&apos;s parameters and result as the session holds them, one row per value; long lists are counted, not listed. The CSV export has them whole as JSON files.</source>
        <translation>各运行的参数和结果按会话中存储的原样列出，每行一个值；长列表只计数，不逐项列出。CSV 导出以 JSON 文件形式完整保存它们。</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the report&apos;s language as an HTML lang code</comment>
        <translation>zh-CN</translation>
    </message>
    <message>
        <source>The report details the first %1 of %2 runs; the CSV export holds the parameters, results and series of every run.</source>
        <translation>报告详细列出了 %2 个运行中的前 %1 个；CSV 导出包含每个运行的参数、结果和序列。</translation>
    </message>
    <message>
        <source>Generated by Vantage %1 on %2 from %3.</source>
        <translation>由 Vantage %1 于 %2 根据 %3 生成。</translation>
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
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Recorded result</source>
        <translation>记录的结果</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>%1 more values are in %2 of the CSV export.</source>
        <translation>另有 %1 个值在 CSV 导出的 %2 中。</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>点数</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>最后</translation>
    </message>
    <message>
        <source>Lowest</source>
        <translation>最低</translation>
    </message>
    <message>
        <source>Highest</source>
        <translation>最高</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>Over time</source>
        <translation>随时间变化</translation>
    </message>
    <message>
        <source>Artifacts</source>
        <translation>产物</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>%1 is too large to embed (%2).</source>
        <translation>%1 太大，无法嵌入（%2）。</translation>
    </message>
    <message>
        <source>Run %1 · %2</source>
        <translation>运行 %1 · %2</translation>
    </message>
    <message>
        <source>The stored frontiers cannot be read: %1</source>
        <translation>无法读取存储的前沿：%1</translation>
    </message>
    <message>
        <source>Parameters and results as stored: see the appendix.</source>
        <translation>存储的参数和结果：见附录。</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>No parameters were recorded.</source>
        <translation>未记录参数。</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>Time / memory frontiers</source>
        <translation>时间/内存前沿</translation>
    </message>
    <message>
        <source>Memory per device (GB)</source>
        <translation>每设备内存 (GB)</translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation>每秒样本数</translation>
    </message>
    <message>
        <source>Workers over time</source>
        <translation>工作进程数变化</translation>
    </message>
    <message>
        <source>Step time per worker</source>
        <translation>各工作进程的每步用时</translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation>每步时间 (ms)</translation>
    </message>
    <message>
        <source>Time per layer</source>
        <translation>每层用时</translation>
    </message>
    <message>
        <source>Layer (0 = first)</source>
        <translation>层（0 = 第一层）</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Time per epoch</source>
        <translation>每轮用时</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>时间 (秒)</translation>
    </message>
    <message>
        <source>Validation metrics</source>
        <translation>验证指标</translation>
    </message>
    <message>
        <source>Metric value</source>
        <translation>指标值</translation>
    </message>
    <message>
        <source>%1 (s)</source>
        <translation>%1 (秒)</translation>
    </message>
    <message>
        <source>%1 (GiB)</source>
        <translation>%1 (GiB)</translation>
    </message>
    <message>
        <source>user&apos;s</source>
        <translation>用户自定义</translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s)</source>
        <translation>
            <numerusform>%Ln 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Elastic data-parallel job of the %1 trainer: %2 in %3 over %4.</source>
        <translation>使用 %1 训练器的弹性数据并行任务：%3 中共 %2，历时 %4。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln epoch(s)</source>
        <translation>
            <numerusform>%Ln 轮</numerusform>
        </translation>
    </message>
    <message>
        <source>Elastic data-parallel job of the %1 trainer: %2 over %3.</source>
        <translation>使用 %1 训练器的弹性数据并行任务：共 %2，历时 %3。</translation>
    </message>
    <message>
        <source>Final loss: %1.</source>
        <translation>最终损失：%1。</translation>
    </message>
    <message>
        <source>Throughput at the end: %1 samples/s.</source>
        <translation>结束时的吞吐量：%1 样本/秒。</translation>
    </message>
    <message>
        <source>The job ended as %1: %2</source>
        <translation>任务以 %1 结束：%2</translation>
    </message>
    <message>
        <source>Trainer</source>
        <translation>训练器</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>最终损失</translation>
    </message>
    <message>
        <source>Throughput at the end</source>
        <translation>结束时的吞吐量</translation>
    </message>
    <message>
        <source>%1 samples/s</source>
        <translation>%1 样本/秒</translation>
    </message>
    <message>
        <source>Every sample was trained on exactly once.</source>
        <translation>每个样本恰好训练了一次。</translation>
    </message>
    <message>
        <source>Not every sample was trained on exactly once (see the ledger).</source>
        <translation>并非每个样本都恰好训练了一次（见数据账本）。</translation>
    </message>
    <message>
        <source>The workers&apos; model replicas were equal at every check.</source>
        <translation>各工作进程的模型副本在每次检查中都一致。</translation>
    </message>
    <message>
        <source>The workers&apos; model replicas differed at a check.</source>
        <translation>各工作进程的模型副本在某次检查中不一致。</translation>
    </message>
    <message>
        <source>%1 workers throughout, no scale events.</source>
        <translation>全程 %1 个工作进程，无扩缩容事件。</translation>
    </message>
    <message>
        <source>Workers: %1 at the start, %2 at the end, %3 at most; %4 (%5 out, %6 in), each pausing training for %7 on average.</source>
        <translation>工作进程：开始 %1 个，结束 %2 个，最多 %3 个；%4（扩容 %5 次，缩容 %6 次），每次平均暂停训练 %7。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln scale event(s)</source>
        <translation>
            <numerusform>%Ln 次扩缩容事件</numerusform>
        </translation>
    </message>
    <message>
        <source>Workers at the start</source>
        <translation>开始时的工作进程数</translation>
    </message>
    <message>
        <source>Workers at the end</source>
        <translation>结束时的工作进程数</translation>
    </message>
    <message>
        <source>Workers at most</source>
        <translation>最多工作进程数</translation>
    </message>
    <message>
        <source>%1 (%2 out, %3 in)</source>
        <translation>%1（扩容 %2 次，缩容 %3 次）</translation>
    </message>
    <message>
        <source>Mean pause per scale event</source>
        <translation>每次扩缩容的平均暂停</translation>
    </message>
    <message>
        <source>%1 evaluated %2 over the graph %3 (%4 nodes, %5 edges) in %6.</source>
        <translation>%1 在图 %3（%4 个节点，%5 条边）上%2求值，用时 %6。</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>该模型</translation>
    </message>
    <message>
        <source>Peak memory: %1 resident, %2 of layer outputs held in memory.</source>
        <translation>峰值内存：常驻 %1，内存中保存的层输出 %2。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Peak memory (resident)</source>
        <translation>峰值内存（常驻）</translation>
    </message>
    <message>
        <source>Evaluated %1, the same model took %2: %3 is %4× as fast; the outputs differ by at most %5.</source>
        <translation>%1求值时同一模型用时 %2：%3的速度是其 %4 倍；输出最多相差 %5。</translation>
    </message>
    <message>
        <source>Time %1</source>
        <translation>%1用时</translation>
    </message>
    <message>
        <source>Speed-up over %1</source>
        <translation>相对%1的加速比</translation>
    </message>
    <message>
        <source>%1 cut into %2 with %3.</source>
        <translation>%1 被切分为 %2，含 %3。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln layer(s)</source>
        <translation>
            <numerusform>%Ln 层</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln node tensor(s)</source>
        <translation>
            <numerusform>%Ln 个节点张量</numerusform>
        </translation>
    </message>
    <message>
        <source>On %1 nodes the layer outputs alive at once take at most %2.</source>
        <translation>在 %1 个节点上，同时存活的层输出最多占用 %2。</translation>
    </message>
    <message>
        <source>Node tensors</source>
        <translation>节点张量</translation>
    </message>
    <message>
        <source>Peak memory of layer outputs</source>
        <translation>层输出的峰值内存</translation>
    </message>
    <message>
        <source>%1 trained for %2 in %3 (best epoch %4).</source>
        <translation>%1 训练了 %2，用时 %3（最佳轮次 %4）。</translation>
    </message>
    <message>
        <source>At K = %1 on the full test set: Recall %2, NDCG %3.</source>
        <translation>K = %1 时在完整测试集上：Recall %2，NDCG %3。</translation>
    </message>
    <message>
        <source>On the popularity-balanced test set (the debiased view): Recall %1, NDCG %2.</source>
        <translation>在按流行度均衡的测试集上（去偏视角）：Recall %1，NDCG %2。</translation>
    </message>
    <message>
        <source>Popularity bias at K = %1: average recommended popularity (ARP) %2, Gini %3, long-tail share %4.</source>
        <translation>K = %1 时的流行度偏差：平均推荐流行度（ARP）%2，Gini %3，长尾占比 %4。</translation>
    </message>
    <message>
        <source>Recall@%1, full</source>
        <translation>Recall@%1，完整</translation>
    </message>
    <message>
        <source>Recall@%1, balanced</source>
        <translation>Recall@%1，均衡</translation>
    </message>
    <message>
        <source>NDCG@%1, full</source>
        <translation>NDCG@%1，完整</translation>
    </message>
    <message>
        <source>NDCG@%1, balanced</source>
        <translation>NDCG@%1，均衡</translation>
    </message>
    <message>
        <source>ARP@%1, full</source>
        <translation>ARP@%1，完整</translation>
    </message>
    <message>
        <source>Ranked with γ = %1 and β = %2: no popularity re-ranking.</source>
        <translation>使用 γ = %1、β = %2 排序：未按流行度重排。</translation>
    </message>
    <message>
        <source>Ranked with the debiasing knobs γ = %1 and β = %2.</source>
        <translation>使用去偏参数 γ = %1、β = %2 排序。</translation>
    </message>
    <message>
        <source>Debiasing knobs</source>
        <translation>去偏参数</translation>
    </message>
    <message>
        <source>γ = %1, β = %2</source>
        <translation>γ = %1，β = %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln strategy(s)</source>
        <translation>
            <numerusform>%Ln 个策略</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (batch %2) on the %3 cluster: %4 on the time / memory frontiers for %5 devices, found in %6.</source>
        <translation>%1（批大小 %2）在 %3 集群上：在 %5 个设备的时间/内存前沿上共 %4，用时 %6 找到。</translation>
    </message>
    <message>
        <source>The fastest strategy that fits in device memory (%1) takes %2 per iteration and %3 per device on %4 devices.</source>
        <translation>可放入设备内存（%1）的最快策略在 %4 个设备上每次迭代用时 %2，每设备占用 %3。</translation>
    </message>
    <message>
        <source>No strategy fits in device memory (%1) on any device count: the one that needs least takes %2 per device on %3 devices. More devices or a smaller batch would lower it.</source>
        <translation>在任何设备数下都没有策略能放入设备内存（%1）：最省内存的策略在 %3 个设备上每设备需要 %2。增加设备或减小批大小可以降低内存需求。</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Memory per device</source>
        <translation>每设备内存</translation>
    </message>
    <message>
        <source>Device counts</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>Strategies on the frontiers</source>
        <translation>前沿上的策略数</translation>
    </message>
    <message>
        <source>Fastest strategy that fits: time per iteration</source>
        <translation>可容纳的最快策略：每次迭代时间</translation>
    </message>
    <message>
        <source>Fastest strategy that fits: memory per device</source>
        <translation>可容纳的最快策略：每设备内存</translation>
    </message>
    <message>
        <source>Fastest strategy that fits: devices</source>
        <translation>可容纳的最快策略：设备数</translation>
    </message>
    <message>
        <source>Fastest strategy that fits</source>
        <translation>可容纳的最快策略</translation>
    </message>
    <message>
        <source>none fits</source>
        <translation>均无法容纳</translation>
    </message>
    <message>
        <source>Strategy %1</source>
        <translation>策略 %1</translation>
    </message>
    <message>
        <source>The strategy</source>
        <translation>该策略</translation>
    </message>
    <message>
        <source>%1 of search run %2</source>
        <translation>搜索运行 %2 的%1</translation>
    </message>
    <message>
        <source>%1 for %2 on %3 devices: %4 per iteration, %5 per device.</source>
        <translation>%1，%2，%3 个设备：每次迭代 %4，每设备 %5。</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>该模型</translation>
    </message>
    <message>
        <source>It fits in device memory (%1).</source>
        <translation>它可以放入设备内存（%1）。</translation>
    </message>
    <message>
        <source>It does not fit in device memory (%1).</source>
        <translation>它无法放入设备内存（%1）。</translation>
    </message>
    <message>
        <source>Time per iteration</source>
        <translation>每次迭代时间</translation>
    </message>
    <message>
        <source>Fits in device memory</source>
        <translation>可放入设备内存</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Time: compute</source>
        <translation>时间：计算</translation>
    </message>
    <message>
        <source>Time: gradient all-reduce</source>
        <translation>时间：梯度 all-reduce</translation>
    </message>
    <message>
        <source>Time: repartitioning</source>
        <translation>时间：重新分区</translation>
    </message>
    <message>
        <source>Memory: weights</source>
        <translation>内存：权重</translation>
    </message>
    <message>
        <source>Memory: gradients</source>
        <translation>内存：梯度</translation>
    </message>
    <message>
        <source>Memory: optimizer state</source>
        <translation>内存：优化器状态</translation>
    </message>
    <message>
        <source>Memory: activations</source>
        <translation>内存：激活值</translation>
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
    <message>
        <source>Reset View</source>
        <translation>重置视图</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::LineChart</name>
    <message>
        <source>x</source>
        <translation>x</translation>
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
    <message>
        <source>%p% · %1</source>
        <translation>%p% · %1</translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>约剩 %1 秒</translation>
    </message>
    <message>
        <source>about %1 min left</source>
        <translation>约剩 %1 分钟</translation>
    </message>
    <message>
        <source>about %1 h left</source>
        <translation>约剩 %1 小时</translation>
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
    <message>
        <source>There is no drawing to save.</source>
        <translation>没有可保存的图。</translation>
    </message>
    <message>
        <source>Cannot write “%1”.</source>
        <translation>无法写入“%1”。</translation>
    </message>
    <message>
        <source>The DOT source of this drawing is not available.</source>
        <translation>此图的 DOT 源不可用。</translation>
    </message>
    <message>
        <source>Cannot write “%1”: %2</source>
        <translation>无法写入“%1”：%2</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>另存为 PNG…</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Save as DOT…</source>
        <translation>另存为 DOT…</translation>
    </message>
    <message>
        <source>Graphviz DOT (*.dot *.gv)</source>
        <translation>Graphviz DOT (*.dot *.gv)</translation>
    </message>
    <message>
        <source>Whole Drawing</source>
        <translation>整幅图</translation>
    </message>
</context>
</TS>
