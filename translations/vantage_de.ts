<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Params</name>
    <message>
        <source>Wrap the model with PPAC&apos;s personal and global popularity branches</source>
        <translation>Das Modell um die persönlichen und globalen Popularitätszweige von PPAC erweitern</translation>
    </message>
    <message>
        <source>Most epochs</source>
        <translation>Höchstens so viele Epochen</translation>
    </message>
    <message>
        <source>Embedding size</source>
        <translation>Größe der Einbettungen</translation>
    </message>
    <message>
        <source>LightGCN propagation layers</source>
        <translation>Propagationsschichten von LightGCN</translation>
    </message>
    <message>
        <source>Adam learning rate</source>
        <translation>Lernrate von Adam</translation>
    </message>
    <message>
        <source>Training triples per batch</source>
        <translation>Trainingstripel je Batch</translation>
    </message>
    <message>
        <source>Weight of the L2 penalty on the batch&apos;s embeddings (0: none, as RecBole&apos;s BPR)</source>
        <translation>Gewicht der L2-Strafe auf den Einbettungen des Batches (0: keine, wie RecBoles BPR)</translation>
    </message>
    <message>
        <source>Weight of PPAC&apos;s two popularity (MSE) terms</source>
        <translation>Gewicht der beiden Popularitätsterme (MSE) von PPAC</translation>
    </message>
    <message>
        <source>Spread of the initial embeddings (normal, this deviation)</source>
        <translation>Streuung der Anfangseinbettungen (normalverteilt, diese Standardabweichung)</translation>
    </message>
    <message>
        <source>Seed of initialisation, shuffling and negatives</source>
        <translation>Startwert für Initialisierung, Mischen und Negativbeispiele</translation>
    </message>
    <message>
        <source>Threads (0: all cores)</source>
        <translation>Threads (0: alle Kerne)</translation>
    </message>
    <message>
        <source>cpu, cuda or cuda:N: where the model trains (a GPU needs the CUDA build; ranking stays on the CPU)</source>
        <translation>cpu, cuda oder cuda:N: wo das Modell trainiert (eine GPU braucht den CUDA-Build; das Ranking bleibt auf der CPU)</translation>
    </message>
    <message>
        <source>Early stopping on: holdout (a split held out of training), balanced-test (the authors&apos; protocol: the balanced test itself) or none</source>
        <translation>Frühes Stoppen anhand von: holdout (ein vom Training zurückgehaltener Teil), balanced-test (das Protokoll der Autoren: der ausgewogene Test selbst) oder none</translation>
    </message>
    <message>
        <source>Epochs between validations</source>
        <translation>Epochen zwischen zwei Validierungen</translation>
    </message>
    <message>
        <source>Validate on a fixed random sample of this many users (0: all; faster on large data)</source>
        <translation>Auf einer festen Zufallsstichprobe so vieler Nutzer validieren (0: alle; schneller bei großen Daten)</translation>
    </message>
    <message>
        <source>Validation metric for early stopping (at K = 20)</source>
        <translation>Validierungsmetrik für frühes Stoppen (bei K = 20)</translation>
    </message>
    <message>
        <source>Validations without improvement before stopping (0: never)</source>
        <translation>Validierungen ohne Verbesserung bis zum Stopp (0: nie)</translation>
    </message>
    <message>
        <source>Rank the full and balanced tests every this many epochs and report them (learning curves; never used to pick the weights; 0: never)</source>
        <translation>Den vollen und den ausgewogenen Test alle so viele Epochen ranken und berichten (Lernkurven; nie zur Wahl der Gewichte verwendet; 0: nie)</translation>
    </message>
    <message>
        <source>Batch size (zoo models; 0: the model&apos;s)</source>
        <translation>Batchgröße (Modelle des Zoos; 0: die des Modells)</translation>
    </message>
    <message>
        <source>Sequence length, or image side for CNNs (zoo models; 0: the model&apos;s)</source>
        <translation>Sequenzlänge oder Bildseite bei CNNs (Modelle des Zoos; 0: die des Modells)</translation>
    </message>
    <message>
        <source>Merge points within a factor 1 + EPS (0: exact)</source>
        <translation>Punkte innerhalb eines Faktors 1 + EPS zusammenfassen (0: exakt)</translation>
    </message>
    <message>
        <source>Search threads (0: all)</source>
        <translation>Threads der Suche (0: alle)</translation>
    </message>
    <message>
        <source>Most dims one op splits at once</source>
        <translation>Höchstens so viele Dimensionen, die eine Operation zugleich aufteilt</translation>
    </message>
    <message>
        <source>mixed (fp16/bf16 compute, fp32 master weights) or fp32</source>
        <translation>mixed (Rechnen in fp16/bf16, Hauptgewichte in fp32) oder fp32</translation>
    </message>
    <message>
        <source>adam or sgd (with momentum)</source>
        <translation>adam oder sgd (mit Momentum)</translation>
    </message>
    <message>
        <source>Also price data parallel, Megatron TP x DP and min-time baselines</source>
        <translation>Auch die Vergleichsstrategien Datenparallelität, Megatron TP x DP und minimale Zeit bewerten</translation>
    </message>
    <message>
        <source>Seconds between a worker&apos;s heartbeats</source>
        <translation>Sekunden zwischen den Herzschlägen eines Workers</translation>
    </message>
    <message>
        <source>Seconds of silence before a worker counts as failed</source>
        <translation>Sekunden Stille, bevor ein Worker als ausgefallen gilt</translation>
    </message>
    <message>
        <source>Seconds a collective or rendezvous may take</source>
        <translation>Sekunden, die eine kollektive Operation oder ein Rendezvous dauern darf</translation>
    </message>
    <message>
        <source>Seconds a member may take to report a step</source>
        <translation>Sekunden, die ein Mitglied für die Meldung eines Schritts brauchen darf</translation>
    </message>
    <message>
        <source>Seconds a joiner may take to become ready</source>
        <translation>Sekunden, die ein neu hinzukommender Worker bis zur Bereitschaft brauchen darf</translation>
    </message>
    <message>
        <source>Seconds a worker waits to hear from the leader before it ends the job</source>
        <translation>Sekunden, die ein Worker auf eine Nachricht des Leaders wartet, bevor er den Job beendet</translation>
    </message>
    <message>
        <source>Seconds a client request may stay unanswered</source>
        <translation>Sekunden, die eine Anfrage eines Clients unbeantwortet bleiben darf</translation>
    </message>
    <message>
        <source>Weight of personal popularity (γ)</source>
        <translation>Gewicht der persönlichen Popularität (γ)</translation>
    </message>
    <message>
        <source>Weight of global popularity (β)</source>
        <translation>Gewicht der globalen Popularität (β)</translation>
    </message>
    <message>
        <source>Share of each user&apos;s training interactions held out for validation</source>
        <translation>Anteil der Trainingsinteraktionen jedes Nutzers, der für die Validierung zurückgehalten wird</translation>
    </message>
    <message>
        <source>Size of the generated data set (sample ids 0 to N-1)</source>
        <translation>Größe des erzeugten Datensatzes (Beispiel-IDs 0 bis N-1)</translation>
    </message>
    <message>
        <source>Epochs over the data set</source>
        <translation>Epochen über den Datensatz</translation>
    </message>
    <message>
        <source>Global batch (samples per step), constant across sizes</source>
        <translation>Globaler Batch (Beispiele pro Schritt), gleich bei jeder Größe</translation>
    </message>
    <message>
        <source>Samples per ledger chunk (0: automatic)</source>
        <translation>Beispiele pro Ledger-Block (0: automatisch)</translation>
    </message>
    <message>
        <source>Most samples per forward/backward; more are accumulated (0: no limit)</source>
        <translation>Höchstens so viele Beispiele pro Vorwärts-/Rückwärtsdurchlauf; mehr werden akkumuliert (0: keine Grenze)</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>SGD momentum</source>
        <translation>SGD-Momentum</translation>
    </message>
    <message>
        <source>Keep the global batch constant when workers join or leave</source>
        <translation>Den globalen Batch konstant halten, wenn Worker hinzukommen oder gehen</translation>
    </message>
    <message>
        <source>With the per-worker batch: scale the learning rate linearly with workers</source>
        <translation>Mit dem Batch pro Worker: die Lernrate linear mit der Zahl der Worker skalieren</translation>
    </message>
    <message>
        <source>Workers of the first generation (for batch and rate scaling)</source>
        <translation>Worker der ersten Generation (für die Skalierung von Batch und Lernrate)</translation>
    </message>
    <message>
        <source>Seed of the data set, the model and the data order</source>
        <translation>Startwert für Datensatz, Modell und Datenreihenfolge</translation>
    </message>
    <message>
        <source>Hidden width (MLP) or channels (CNN)</source>
        <translation>Versteckte Breite (MLP) oder Kanäle (CNN)</translation>
    </message>
    <message>
        <source>Torch threads per worker</source>
        <translation>Torch-Threads pro Worker</translation>
    </message>
    <message>
        <source>Bytes per gradient allreduce bucket</source>
        <translation>Bytes pro Gradienten-Allreduce-Bucket</translation>
    </message>
    <message>
        <source>Address space of each worker process, MiB (0: no limit)</source>
        <translation>Adressraum jedes Worker-Prozesses, MiB (0: keine Grenze)</translation>
    </message>
    <message>
        <source>CPU time of each worker process, seconds (0: no limit)</source>
        <translation>CPU-Zeit jedes Worker-Prozesses, Sekunden (0: keine Grenze)</translation>
    </message>
    <message>
        <source>Base architecture: mf or lightgcn</source>
        <translation>Basisarchitektur: mf oder lightgcn</translation>
    </message>
    <message>
        <source>What the job trains: a built-in model (mlp, cnn), your TorchScript module (torchscript) or your Python script (python)</source>
        <translation>Was der Job trainiert: ein eingebautes Modell (mlp, cnn), Ihr TorchScript-Modul (torchscript) oder Ihr Python-Skript (python)</translation>
    </message>
    <message>
        <source>Your TorchScript module (torch.jit.script(model).save(FILE)), trained instead of a built-in model</source>
        <translation>Ihr TorchScript-Modul (torch.jit.script(model).save(FILE)), trainiert anstelle eines eingebauten Modells</translation>
    </message>
    <message>
        <source>The module&apos;s data: a folder with inputs.npy and targets.npy, or INPUTS.npy,TARGETS.npy (one row per sample)</source>
        <translation>Die Daten des Moduls: ein Ordner mit inputs.npy und targets.npy oder INPUTS.npy,TARGETS.npy (eine Zeile pro Stichprobe)</translation>
    </message>
    <message>
        <source>The module&apos;s loss: auto (its loss(output, target) method, else cross-entropy for integer targets and squared error for float ones), cross_entropy or mse</source>
        <translation>Der Verlust des Moduls: auto (seine Methode loss(output, target), sonst Kreuzentropie für ganzzahlige Ziele und quadratischer Fehler für Gleitkommaziele), cross_entropy oder mse</translation>
    </message>
    <message>
        <source>Your Python training script (its workers run `python SCRIPT ARGS...` and use the vantage_edl module)</source>
        <translation>Ihr Python-Trainingsskript (seine Worker führen `python SCRIPT ARGS...` aus und verwenden das Modul vantage_edl)</translation>
    </message>
    <message>
        <source>Processes measured, one device each (0: the number of cores)</source>
        <translation>Gemessene Prozesse, je ein Gerät (0: Anzahl der Kerne)</translation>
    </message>
    <message>
        <source>Threads of each process</source>
        <translation>Threads je Prozess</translation>
    </message>
    <message>
        <source>Largest matmul dimension (from 64 up)</source>
        <translation>Größte Dimension der Matrixmultiplikation (ab 64)</translation>
    </message>
    <message>
        <source>Largest copy (memory bandwidth)</source>
        <translation>Größte Kopie (Speicherbandbreite)</translation>
    </message>
    <message>
        <source>Largest collective (from 4 KiB up)</source>
        <translation>Größte kollektive Operation (ab 4 KiB)</translation>
    </message>
    <message>
        <source>Timed repetitions of each measurement</source>
        <translation>Gemessene Wiederholungen jeder Messung</translation>
    </message>
    <message>
        <source>Fail when the workers say nothing for this long</source>
        <translation>Abbrechen, wenn die Worker so lange nichts melden</translation>
    </message>
    <message>
        <source>Graph: FILE (edge list), FILE.csv[.gz] (OGB), DIR (dgi generate), csr:INDPTR.npy,INDICES.npy, or rmat:n=..,deg=..,seed=.. / chunglu:... / er:...</source>
        <translation>Graph: DATEI (Kantenliste), DATEI.csv[.gz] (OGB), ORDNER (dgi generate), csr:INDPTR.npy,INDICES.npy oder rmat:n=..,deg=..,seed=.. / chunglu:... / er:...</translation>
    </message>
    <message>
        <source>Self-loops: keep, add (one per node) or remove</source>
        <translation>Selbstschleifen: keep (behalten), add (eine je Knoten) oder remove (entfernen)</translation>
    </message>
    <message>
        <source>Add the reverse of every edge</source>
        <translation>Zu jeder Kante die umgekehrte hinzufügen</translation>
    </message>
    <message>
        <source>Node count for text formats (0: largest id + 1)</source>
        <translation>Knotenzahl für Textformate (0: größte ID + 1)</translation>
    </message>
    <message>
        <source>Merge repeated edges into one (default: used as given, as the model&apos;s own forward sums them)</source>
        <translation>Wiederholte Kanten zu einer zusammenfassen (Standard: wie gegeben verwendet, wie der Forward des Modells sie summiert)</translation>
    </message>
    <message>
        <source>Input width of a built-in model (0: 64, or the features&apos; width)</source>
        <translation>Eingabebreite eines eingebauten Modells (0: 64 oder die Breite der Merkmale)</translation>
    </message>
    <message>
        <source>Hidden width of a built-in model</source>
        <translation>Verborgene Breite eines eingebauten Modells</translation>
    </message>
    <message>
        <source>Output width of a built-in model (0: hidden)</source>
        <translation>Ausgabebreite eines eingebauten Modells (0: verborgene Breite)</translation>
    </message>
    <message>
        <source>Layers of a built-in model</source>
        <translation>Schichten eines eingebauten Modells</translation>
    </message>
    <message>
        <source>GAT heads</source>
        <translation>GAT-Köpfe</translation>
    </message>
    <message>
        <source>Seed of the built-in model&apos;s weights and of random features</source>
        <translation>Startwert der Gewichte des eingebauten Modells und zufälliger Merkmale</translation>
    </message>
    <message>
        <source>Node features, float .npy (N x d); default: random, seeded</source>
        <translation>Knotenmerkmale, Gleitkomma-.npy (N x d); Standard: zufällig, mit Startwert</translation>
    </message>
    <message>
        <source>Write the first mode&apos;s output as float .npy (original node order, the model&apos;s own shape)</source>
        <translation>Die Ausgabe des ersten Modus als Gleitkomma-.npy schreiben (ursprüngliche Knotenreihenfolge, die eigene Form des Modells)</translation>
    </message>
    <message>
        <source>Node tensors&apos; type: float32 or float64</source>
        <translation>Typ der Knotentensoren: float32 oder float64</translation>
    </message>
    <message>
        <source>Memory for node stores and batches (512M, 2G; 0: half the free memory)</source>
        <translation>Speicher für Knotenspeicher und Batches (512M, 2G; 0: halber freier Speicher)</translation>
    </message>
    <message>
        <source>Where node stores live: auto (memory while they fit half the budget), memory or disk</source>
        <translation>Wo die Knotenspeicher liegen: auto (im Arbeitsspeicher, solange sie in das halbe Budget passen), memory (Arbeitsspeicher) oder disk (Festplatte)</translation>
    </message>
    <message>
        <source>Folder for on-disk node stores (default: the temp folder)</source>
        <translation>Ordner für Knotenspeicher auf der Festplatte (Standard: der temporäre Ordner)</translation>
    </message>
    <message>
        <source>Node reordering: none, bfs or rcm (the output stays in the original order)</source>
        <translation>Umordnung der Knoten: none (keine), bfs oder rcm (die Ausgabe bleibt in der ursprünglichen Reihenfolge)</translation>
    </message>
    <message>
        <source>cpu, cuda or cuda:N: where layer-wise and full-graph evaluation run (a GPU needs the CUDA build)</source>
        <translation>cpu, cuda oder cuda:N: wo die schichtweise und die Ganzgraph-Auswertung laufen (eine GPU braucht den CUDA-Build)</translation>
    </message>
    <message>
        <source>On a GPU: device memory for stores and batches (8G; 0: 85% of what is free)</source>
        <translation>Auf einer GPU: Gerätespeicher für Knotenspeicher und Batches (8G; 0: 85 % des freien)</translation>
    </message>
    <message>
        <source>Destination nodes per batch (0: from the memory budget)</source>
        <translation>Zielknoten pro Stapel (0: aus dem Speicherbudget)</translation>
    </message>
    <message>
        <source>Edges per batch (0: from the memory budget)</source>
        <translation>Kanten pro Stapel (0: aus dem Speicherbudget)</translation>
    </message>
    <message>
        <source>Node-wise: target nodes per batch</source>
        <translation>Knotenweise: Zielknoten pro Stapel</translation>
    </message>
    <message>
        <source>Node-wise: time this many batches, extrapolate the rest (0: all)</source>
        <translation>Knotenweise: so viele Stapel messen, den Rest hochrechnen (0: alle)</translation>
    </message>
    <message>
        <source>Node-wise: stop after this many seconds and extrapolate (0: no limit)</source>
        <translation>Knotenweise: nach so vielen Sekunden anhalten und hochrechnen (0: keine Grenze)</translation>
    </message>
    <message>
        <source>Workers of the first generation</source>
        <translation>Worker der ersten Generation</translation>
    </message>
    <message>
        <source>Where workers run: auto (ssh with --hosts, else local), local, ssh, or slurm (job steps of the Slurm allocation the leader runs in)</source>
        <translation>Wo Worker laufen: auto (ssh mit --hosts, sonst lokal), local, ssh oder slurm (Job-Schritte der Slurm-Zuteilung, in der der Leader läuft)</translation>
    </message>
    <message>
        <source>Start workers over ssh on the hosts of FILE (host [slots=N] [devices=..] [worker=PATH]); none: local workers</source>
        <translation>Worker per ssh auf den Hosts aus FILE starten (host [slots=N] [devices=..] [worker=PATH]); keine: lokale Worker</translation>
    </message>
    <message>
        <source>Scale events at committed steps: &quot;step=50:+1,step=120:-1&quot;</source>
        <translation>Skalierungsereignisse bei festgeschriebenen Schritten: &quot;step=50:+1,step=120:-1&quot;</translation>
    </message>
    <message>
        <source>Fault injection: &quot;step=80:worker=1[:phase=allreduce]&quot; or &quot;step=5:worker=1:slow=200&quot;</source>
        <translation>Fehlerinjektion: &quot;step=80:worker=1[:phase=allreduce]&quot; oder &quot;step=5:worker=1:slow=200&quot;</translation>
    </message>
    <message>
        <source>How the job changes size: live (stop-free) or stop-restart (checkpoint, stop, restart)</source>
        <translation>Wie der Job seine Größe ändert: live (ohne Anhalten) oder stop-restart (Checkpoint, Anhalten, Neustart)</translation>
    </message>
    <message>
        <source>ssh command for --hosts</source>
        <translation>ssh-Befehl für --hosts</translation>
    </message>
    <message>
        <source>srun command for --launcher slurm</source>
        <translation>srun-Befehl für --launcher slurm</translation>
    </message>
    <message>
        <source>Address the control plane and the store listen on (remote hosts need a reachable one)</source>
        <translation>Adresse, auf der Steuerungsebene und Store lauschen (entfernte Hosts brauchen eine erreichbare)</translation>
    </message>
    <message>
        <source>Control port (0: any free port)</source>
        <translation>Steuerungsport (0: ein beliebiger freier Port)</translation>
    </message>
    <message>
        <source>Write the job file (address and token) into the job folder</source>
        <translation>Die Job-Datei (Adresse und Token) in den Job-Ordner schreiben</translation>
    </message>
    <message>
        <source>Seconds the first generation may take to form</source>
        <translation>Sekunden, die die erste Generation zum Bilden brauchen darf</translation>
    </message>
    <message>
        <source>Start from a checkpoint (final.pt, last_commit.pt of an ended job)</source>
        <translation>Von einem Checkpoint starten (final.pt, last_commit.pt eines beendeten Jobs)</translation>
    </message>
    <message>
        <source>Weights of personal popularity (γ) to sweep</source>
        <translation>Zu durchlaufende Gewichte der persönlichen Popularität (γ)</translation>
    </message>
    <message>
        <source>Weights of global popularity (β) to sweep</source>
        <translation>Zu durchlaufende Gewichte der globalen Popularität (β)</translation>
    </message>
    <message>
        <source>Model: gcn, sage, gat, gin, jknet, a torch.export FILE.pt2 or a TorchScript FILE.pt</source>
        <translation>Modell: gcn, sage, gat, gin, jknet, ein torch.export-Programm DATEI.pt2 oder ein TorchScript-Modell DATEI.pt</translation>
    </message>
    <message>
        <source>Training steps of every run</source>
        <translation>Trainingsschritte jedes Laufs</translation>
    </message>
    <message>
        <source>Seed of the weights and batches</source>
        <translation>Startwert der Gewichte und Batches</translation>
    </message>
    <message>
        <source>cpu (Gloo) or cuda (NCCL, a GPU per process)</source>
        <translation>cpu (Gloo) oder cuda (NCCL, eine GPU je Prozess)</translation>
    </message>
    <message>
        <source>Python with PyTorch ($VANTAGE_PYTHON, else python3)</source>
        <translation>Python mit PyTorch ($VANTAGE_PYTHON, sonst python3)</translation>
    </message>
    <message>
        <source>Stop a run that prints nothing for this long</source>
        <translation>Einen Lauf anhalten, der so lange nichts ausgibt</translation>
    </message>
    <message>
        <source>Also offer ZeRO stages 1 to N over each op&apos;s data-parallel group (0: none; 3 shards optimizer state, gradients and weights)</source>
        <translation>Auch ZeRO-Stufen 1 bis N über die datenparallele Gruppe jedes Operators anbieten (0: keine; 3 verteilt Optimiererzustand, Gradienten und Gewichte)</translation>
    </message>
    <message>
        <source>Also offer selective recomputation of attention (its scores are not kept; its forward runs again in backward)</source>
        <translation>Auch selektive Neuberechnung der Attention anbieten (ihre Scores werden nicht gehalten; ihr Vorwärtsschritt läuft im Rückwärtsschritt erneut)</translation>
    </message>
    <message>
        <source>Untimed steps before them (warm-up)</source>
        <translation>Nicht gemessene Schritte davor (Aufwärmen)</translation>
    </message>
</context>
<context>
    <name>Phase</name>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>baselines</source>
        <translation>Vergleichsverfahren</translation>
    </message>
    <message>
        <source>frontier search</source>
        <translation>Frontsuche</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>Laden</translation>
    </message>
    <message>
        <source>loading the graph</source>
        <translation>Graph wird geladen</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>geladen</translation>
    </message>
    <message>
        <source>reordering nodes</source>
        <translation>Knoten werden umgeordnet</translation>
    </message>
    <message>
        <source>preparing the model</source>
        <translation>Modell wird vorbereitet</translation>
    </message>
    <message>
        <source>model ready</source>
        <translation>Modell bereit</translation>
    </message>
    <message>
        <source>full-graph forward</source>
        <translation>Vorwärtslauf über den ganzen Graphen</translation>
    </message>
    <message>
        <source>evaluating</source>
        <translation>Auswertung</translation>
    </message>
    <message>
        <source>evaluated</source>
        <translation>ausgewertet</translation>
    </message>
    <message>
        <source>partial request</source>
        <translation>Teilanfrage</translation>
    </message>
    <message>
        <source>neighbourhood</source>
        <translation>Nachbarschaft</translation>
    </message>
    <message>
        <source>generating</source>
        <translation>Erzeugung</translation>
    </message>
    <message>
        <source>splitting</source>
        <translation>Aufteilung</translation>
    </message>
    <message>
        <source>prepared</source>
        <translation>vorbereitet</translation>
    </message>
    <message>
        <source>data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>trained</source>
        <translation>trainiert</translation>
    </message>
    <message>
        <source>precomputing scores</source>
        <translation>Bewertungen werden vorberechnet</translation>
    </message>
    <message>
        <source>similar users</source>
        <translation>ähnliche Nutzer</translation>
    </message>
    <message>
        <source>reading similar users</source>
        <translation>ähnliche Nutzer werden gelesen</translation>
    </message>
    <message>
        <source>personal popularity</source>
        <translation>persönliche Popularität</translation>
    </message>
    <message>
        <source>similar users and popularity</source>
        <translation>ähnliche Nutzer und Popularität</translation>
    </message>
    <message>
        <source>ranking</source>
        <translation>Rangfolge</translation>
    </message>
    <message>
        <source>exhaustive ranking</source>
        <translation>vollständige Rangfolge</translation>
    </message>
    <message>
        <source>re-ranking</source>
        <translation>Neuordnung</translation>
    </message>
    <message>
        <source>re-ranked</source>
        <translation>neu geordnet</translation>
    </message>
    <message>
        <source>starting the leader</source>
        <translation>Leader wird gestartet</translation>
    </message>
    <message>
        <source>starting the new workers</source>
        <translation>neue Worker werden gestartet</translation>
    </message>
    <message>
        <source>layer-wise</source>
        <translation>schichtweise</translation>
    </message>
    <message>
        <source>node-wise</source>
        <translation>knotenweise</translation>
    </message>
    <message>
        <source>%1 devices</source>
        <translation>%1 Geräte</translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation>Schicht %1 von %2</translation>
    </message>
    <message>
        <source>node-wise batch %1 of %2</source>
        <translation>knotenweiser Stapel %1 von %2</translation>
    </message>
    <message>
        <source>hand-written GCN, layer %1</source>
        <translation>handgeschriebenes GCN, Schicht %1</translation>
    </message>
    <message>
        <source>epoch %1/%2</source>
        <translation>Epoche %1/%2</translation>
    </message>
    <message>
        <source>reading %1</source>
        <translation>%1 wird gelesen</translation>
    </message>
    <message>
        <source>cutting into layers</source>
        <translation>Zerlegen in Schichten</translation>
    </message>
    <message>
        <source>drawing the cut</source>
        <translation>Zeichnen der Zerlegung</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <source>building</source>
        <translation>Aufbau</translation>
    </message>
    <message>
        <source>removing the old workers</source>
        <translation>alte Worker werden entfernt</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>verschoben</translation>
    </message>
    <message>
        <source>starting workers</source>
        <translation>Worker werden gestartet</translation>
    </message>
    <message>
        <source>calibration</source>
        <translation>Kalibrierung</translation>
    </message>
    <message>
        <source>fitting</source>
        <translation>Anpassung</translation>
    </message>
</context>
<context>
    <name>RunCommands</name>
    <message>
        <source>Rename Run</source>
        <translation>Lauf umbenennen</translation>
    </message>
    <message>
        <source>Tag Run</source>
        <translation>Lauf verschlagworten</translation>
    </message>
</context>
<context>
    <name>UntitledSession</name>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Vantage workbench</source>
        <translation>Vantage-Werkbank</translation>
    </message>
    <message>
        <source>Session file to open (*.vantage)</source>
        <translation>Zu öffnende Sitzungsdatei (*.vantage)</translation>
    </message>
    <message>
        <source>Open the demo session</source>
        <translation>Die Demo-Sitzung öffnen</translation>
    </message>
    <message>
        <source>Write a PNG of the window after start-up, then quit</source>
        <translation>Nach dem Start ein PNG des Fensters schreiben, dann beenden</translation>
    </message>
    <message>
        <source>Tab to show first (by index)</source>
        <translation>Zuerst gezeigter Reiter (Index)</translation>
    </message>
    <message>
        <source>Write the report HTML file as a paged PDF to the file given after it, then quit (used by vantage-cli report)</source>
        <translation>Die HTML-Berichtsdatei als paginiertes PDF in die danach angegebene Datei schreiben, dann beenden (von vantage-cli report verwendet)</translation>
    </message>
    <message>
        <source>Print the wall-clock time of the window&apos;s first paint (ms since 1970) and quit (for the start-up benchmark)</source>
        <translation>Die Uhrzeit des ersten Zeichnens des Fensters ausgeben (ms seit 1970) und beenden (für den Startzeit-Benchmark)</translation>
    </message>
    <message>
        <source>Language of the window for this start (en, de, zh_CN)</source>
        <translation>Sprache des Fensters für diesen Start (en, de, zh_CN)</translation>
    </message>
    <message>
        <source>Size of the window, e.g. 1024x700</source>
        <translation>Größe des Fensters, z. B. 1024x700</translation>
    </message>
</context>
<context>
    <name>vantage::gui::CompareView</name>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>Nr. %1 %2</translation>
    </message>
    <message>
        <source>select at least two runs to compare</source>
        <translation>Wählen Sie mindestens zwei Läufe zum Vergleichen</translation>
    </message>
    <message>
        <source>runs of different engines cannot be compared (%1 and %2)</source>
        <translation>Läufe verschiedener Engines können nicht verglichen werden (%1 und %2)</translation>
    </message>
    <message>
        <source>%1, %2 devices</source>
        <translation>%1, %2 Geräte</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Time per iteration (s)</source>
        <translation>Zeit pro Iteration (s)</translation>
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation>Speicher pro Gerät (GiB)</translation>
    </message>
    <message>
        <source>Frontiers</source>
        <translation>Fronten</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Parameters and results</source>
        <translation>Parameter und Ergebnisse</translation>
    </message>
</context>
<context>
    <name>vantage::gui::DgiPage</name>
    <message>
        <source>A generator (rmat:…, chunglu:…, er:…), an edge list, an OGB edge.csv(.gz), csr:INDPTR.npy,INDICES.npy or a saved graph folder</source>
        <translation>Ein Generator (rmat:…, chunglu:…, er:…), eine Kantenliste, eine OGB-edge.csv(.gz), csr:INDPTR.npy,INDICES.npy oder ein gespeicherter Graphordner</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>Datei…</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>Graphs (*.txt *.el *.csv *.gz *.json);;All files (*)</source>
        <translation>Graphen (*.txt *.el *.csv *.gz *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Symmetrise</source>
        <translation>Symmetrisieren</translation>
    </message>
    <message>
        <source>Self-loops</source>
        <translation>Eigenschleifen</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Reverse Cuthill-McKee</source>
        <translation>Reverse Cuthill-McKee</translation>
    </message>
    <message>
        <source>Breadth-first</source>
        <translation>Breitensuche</translation>
    </message>
    <message>
        <source>auto (half the free memory)</source>
        <translation>automatisch (halber freier Speicher)</translation>
    </message>
    <message>
        <source>Memory for node tensors, e.g. 512M or 4G; beyond it they go to memory-mapped files</source>
        <translation>Speicher für Knotentensoren, z. B. 512M oder 4G; darüber hinaus kommen sie in speicherabgebildete Dateien</translation>
    </message>
    <message>
        <source>Also node by node (the baseline)</source>
        <translation>Auch Knoten für Knoten (Vergleichsverfahren)</translation>
    </message>
    <message>
        <source>Cut into Layers</source>
        <translation>In Schichten zerlegen</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>Auswerten</translation>
    </message>
    <message>
        <source>Graph:</source>
        <translation>Graph:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Input features:</source>
        <translation>Eingabemerkmale:</translation>
    </message>
    <message>
        <source>Hidden width:</source>
        <translation>Verborgene Breite:</translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation>Schichten:</translation>
    </message>
    <message>
        <source>Reordering:</source>
        <translation>Umordnung:</translation>
    </message>
    <message>
        <source>Memory budget:</source>
        <translation>Speicherbudget:</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Auswertung</translation>
    </message>
    <message>
        <source>Layer Cut</source>
        <translation>Schichtzerlegung</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message numerus="yes">
        <source>%1 cut into %n layer(s).</source>
        <translation>
            <numerusform>%1 in %n Schicht zerlegt.</numerusform>
            <numerusform>%1 in %n Schichten zerlegt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot cut the model: %1</source>
        <translation>Das Modell kann nicht zerlegt werden: %1</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Written by layer</source>
        <translation>Geschrieben von Schicht</translation>
    </message>
    <message>
        <source>Last read by layer</source>
        <translation>Zuletzt gelesen von Schicht</translation>
    </message>
    <message>
        <source>Bytes per node</source>
        <translation>Bytes pro Knoten</translation>
    </message>
    <message>
        <source>input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Evaluating…</source>
        <translation>Wird ausgewertet…</translation>
    </message>
    <message>
        <source>GNN evaluation</source>
        <translation>GNN-Auswertung</translation>
    </message>
    <message>
        <source>Evaluation cancelled.</source>
        <translation>Auswertung abgebrochen.</translation>
    </message>
    <message>
        <source>Evaluation failed: %1</source>
        <translation>Auswertung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>Vorbereitung</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>Spitzenspeicher</translation>
    </message>
    <message>
        <source>Rows computed</source>
        <translation>Berechnete Zeilen</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>extrapolated from %1 of %2 batches</source>
        <translation>hochgerechnet aus %1 von %2 Batches</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <source>Time per layer, as shares of each mode&apos;s total</source>
        <translation>Zeit pro Schicht, als Anteil an der Gesamtzeit jedes Modus</translation>
    </message>
    <message>
        <source>Layer-wise is %1× faster than node-wise (largest difference of outputs %2)</source>
        <translation>Schichtweise ist %1× schneller als knotenweise (größte Abweichung der Ausgaben %2)</translation>
    </message>
    <message>
        <source>Run %1 %2: %3</source>
        <translation>Lauf %1 %2: %3</translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation>Lauf %1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <source>GNN Evaluation</source>
        <translation>GNN-Auswertung</translation>
    </message>
    <message>
        <source>Seconds (bar length is the time)</source>
        <translation>Sekunden (Balkenlänge ist die Zeit)</translation>
    </message>
    <message>
        <source>Shares of each mode&apos;s total</source>
        <translation>Anteile an der Gesamtzeit jedes Modus</translation>
    </message>
    <message>
        <source>Time per layer:</source>
        <translation>Zeit je Schicht:</translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation>Untersuchen</translation>
    </message>
    <message>
        <source>Largest In-degree</source>
        <translation>Größter Eingangsgrad</translation>
    </message>
    <message>
        <source>Picks the node with the most in-edges, the costliest for node-wise evaluation</source>
        <translation>Wählt den Knoten mit den meisten eingehenden Kanten, den teuersten für die knotenweise Auswertung</translation>
    </message>
    <message>
        <source>Node:</source>
        <translation>Knoten:</translation>
    </message>
    <message>
        <source>Evaluate to inspect nodes: the embeddings of the last evaluation are kept in memory, not in the session.</source>
        <translation>Erst auswerten, dann Knoten untersuchen: Die Einbettungen der letzten Auswertung liegen im Speicher, nicht in der Sitzung.</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>Stapel</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Time per layer (s)</source>
        <translation>Zeit je Schicht (s)</translation>
    </message>
    <message>
        <source>Node-wise is %1× faster than layer-wise on this graph (largest difference of outputs %2)</source>
        <translation>Knotenweise ist auf diesem Graphen %1× schneller als schichtweise (größte Abweichung der Ausgaben %2)</translation>
    </message>
    <message>
        <source>Pick a node of the last evaluated graph (%1 nodes).</source>
        <translation>Einen Knoten des zuletzt ausgewerteten Graphen wählen (%1 Knoten).</translation>
    </message>
    <message>
        <source>Inspect node</source>
        <translation>Knoten untersuchen</translation>
    </message>
    <message>
        <source>Cannot inspect the node: %1</source>
        <translation>Der Knoten kann nicht untersucht werden: %1</translation>
    </message>
    <message>
        <source>Hops</source>
        <translation>Sprünge</translation>
    </message>
    <message>
        <source>Nodes within</source>
        <translation>Knoten im Umkreis</translation>
    </message>
    <message>
        <source>Share of the graph</source>
        <translation>Anteil am Graphen</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>Dimension</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Node %1: in-degree %2, out-degree %3; embedding of %4 values, norm %5. Node-wise evaluation of this node alone touches the %6 nodes within %7 hops.</source>
        <translation>Knoten %1: Eingangsgrad %2, Ausgangsgrad %3; Einbettung mit %4 Werten, Norm %5. Die knotenweise Auswertung allein dieses Knotens berührt die %6 Knoten im Umkreis von %7 Sprüngen.</translation>
    </message>
    <message>
        <source>Layer-wise and node-wise take about the same time on this graph (largest difference of outputs %1)</source>
        <translation>Schichtweise und knotenweise brauchen auf diesem Graphen etwa gleich lange (größte Abweichung der Ausgaben %1)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Evaluates every node on its own as well, for comparison; after 15 s the rest is extrapolated from the batches done. Cancel during it keeps the layer-wise result.</source>
        <translation>Wertet zum Vergleich auch jeden Knoten einzeln aus; nach 15 s wird der Rest aus den erledigten Stapeln hochgerechnet. Abbrechen währenddessen behält das schichtweise Ergebnis.</translation>
    </message>
    <message>
        <source>The node-wise baseline was cancelled; the layer-wise result is kept.</source>
        <translation>Der knotenweise Vergleich wurde abgebrochen; das schichtweise Ergebnis bleibt erhalten.</translation>
    </message>
    <message>
        <source>layer-wise</source>
        <translation>schichtweise</translation>
    </message>
    <message>
        <source>node-wise</source>
        <translation>knotenweise</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Add the reverse of every edge (repeated edges are then merged)</source>
        <translation>Zu jeder Kante die umgekehrte hinzufügen (wiederholte Kanten werden dann zusammengefasst)</translation>
    </message>
    <message>
        <source>Give every node exactly one self-loop</source>
        <translation>Jedem Knoten genau eine Eigenschleife geben</translation>
    </message>
    <message>
        <source>Merge repeated edges</source>
        <translation>Wiederholte Kanten zusammenfassen</translation>
    </message>
    <message>
        <source>Count an edge given twice once (the model itself would sum it twice)</source>
        <translation>Eine doppelt angegebene Kante einmal zählen (das Modell selbst würde sie zweimal summieren)</translation>
    </message>
    <message>
        <source>The graph&apos;s edges were used as given: %1 repeated edges and %2 self-loops (the model sums over repeated edges). &quot;Merge repeated edges&quot; and &quot;Self-loops&quot; change that.</source>
        <translation>Die Kanten des Graphen wurden wie angegeben verwendet: %1 wiederholte Kanten und %2 Eigenschleifen (das Modell summiert über wiederholte Kanten). „Wiederholte Kanten zusammenfassen“ und „Eigenschleifen“ ändern das.</translation>
    </message>
    <message>
        <source>The graph&apos;s edges were used as given: %1 repeated edges (the model sums over them). &quot;Merge repeated edges&quot; changes that.</source>
        <translation>Die Kanten des Graphen wurden wie angegeben verwendet: %1 wiederholte Kanten (das Modell summiert über sie). „Wiederholte Kanten zusammenfassen“ ändert das.</translation>
    </message>
    <message>
        <source>The graph&apos;s self-loops were used as given: %1 of them. &quot;Self-loops&quot; gives every node exactly one.</source>
        <translation>Die Eigenschleifen des Graphen wurden wie angegeben verwendet: %1. „Eigenschleifen“ gibt jedem Knoten genau eine.</translation>
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
        <translation>Keine GPU: CUDA findet auf diesem Rechner keine</translation>
    </message>
    <message>
        <source>No GPU path in this build: its LibTorch is CPU-only (build the CUDA flavour)</source>
        <translation>Dieser Build hat keinen GPU-Pfad: seine LibTorch rechnet nur auf der CPU (die CUDA-Variante bauen)</translation>
    </message>
    <message>
        <source>Where the layer-wise evaluation runs; the node-by-node baseline runs on the CPU</source>
        <translation>Wo die schichtweise Auswertung läuft; die Knoten-für-Knoten-Basislinie läuft auf der CPU</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>Gerät:</translation>
    </message>
    <message>
        <source>Cutting %1 into layers…</source>
        <translation>%1 wird in Schichten zerlegt…</translation>
    </message>
    <message>
        <source>Cut into layers</source>
        <translation>In Schichten zerlegen</translation>
    </message>
    <message>
        <source>Cutting the model cancelled.</source>
        <translation>Zerlegen des Modells abgebrochen.</translation>
    </message>
    <message>
        <source>the model&apos;s</source>
        <translation>vom Modell</translation>
    </message>
    <message>
        <source>Used only when the TorchScript model does not tell the width of x (no linear layer reads it)</source>
        <translation>Nur verwendet, wenn das TorchScript-Modell die Breite von x nicht verrät (keine lineare Schicht liest es)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>{n} layer</source>
        <translation>{n} Schicht</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} Schichten</translation>
    </message>
    <message>
        <source>{n} op</source>
        <translation>{n} Operator</translation>
    </message>
    <message>
        <source>{n} ops</source>
        <translation>{n} Operatoren</translation>
    </message>
    <message>
        <source>{n} tensor</source>
        <translation>{n} Tensor</translation>
    </message>
    <message>
        <source>{n} tensors</source>
        <translation>{n} Tensoren</translation>
    </message>
    <message>
        <source>{n} aggregation</source>
        <translation>{n} Aggregation</translation>
    </message>
    <message>
        <source>{n} aggregations</source>
        <translation>{n} Aggregationen</translation>
    </message>
    <message>
        <source>{n} dense</source>
        <translation>{n} dicht</translation>
    </message>
    <message>
        <source>{n} per edge</source>
        <translation>{n} je Kante</translation>
    </message>
    <message>
        <source>{n} per node</source>
        <translation>{n} je Knoten</translation>
    </message>
    <message>
        <source>a box per layer</source>
        <translation>ein Kasten je Schicht</translation>
    </message>
    <message>
        <source>a box per {n} layers</source>
        <translation>ein Kasten je {n} Schichten</translation>
    </message>
    <message>
        <source>layer {n}</source>
        <translation>Schicht {n}</translation>
    </message>
    <message>
        <source>layers {a}-{b}</source>
        <translation>Schichten {a}–{b}</translation>
    </message>
    <message>
        <source>source pass (all nodes)</source>
        <translation>Quelldurchlauf (alle Knoten)</translation>
    </message>
    <message>
        <source>blocks (per batch of destinations)</source>
        <translation>Blöcke (je Stapel von Zielknoten)</translation>
    </message>
    <message>
        <source>{w} x {s} B per node</source>
        <translation>{w} x {s} B je Knoten</translation>
    </message>
    <message>
        <source>random, seeded</source>
        <translation>zufällig, mit Startwert</translation>
    </message>
    <message>
        <source>Node Features</source>
        <translation>Knotenmerkmale</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy);;All files (*)</source>
        <translation>NumPy-Arrays (*.npy);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>Node features:</source>
        <translation>Knotenmerkmale:</translation>
    </message>
    <message>
        <source>Set by the model file: shown once it is cut or evaluated</source>
        <translation>Von der Modelldatei festgelegt: angezeigt, sobald es zerlegt oder ausgewertet ist</translation>
    </message>
    <message>
        <source>A built-in model, or the path of a model file: a torch.export program (.pt2), or a TorchScript model written by scripts/write_gnn_model.py</source>
        <translation>Ein eingebautes Modell oder der Pfad einer Modelldatei: ein torch.export-Programm (.pt2) oder ein TorchScript-Modell, geschrieben von scripts/write_gnn_model.py</translation>
    </message>
    <message>
        <source>Model file…</source>
        <translation>Modelldatei…</translation>
    </message>
    <message>
        <source>GNN Model</source>
        <translation>GNN-Modell</translation>
    </message>
    <message>
        <source>PyTorch models (*.pt2 *.pt *.pth);;torch.export (*.pt2);;TorchScript (*.pt *.pth);;All files (*)</source>
        <translation>PyTorch-Modelle (*.pt2 *.pt *.pth);;torch.export (*.pt2);;TorchScript (*.pt *.pth);;Alle Dateien (*)</translation>
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
        <translation>Kleines CNN</translation>
    </message>
    <message>
        <source>Devices of local workers, round robin: cpu, cuda:0, cuda:1, …</source>
        <translation>Geräte der lokalen Worker, reihum: cpu, cuda:0, cuda:1, …</translation>
    </message>
    <message>
        <source>local (or a host file for ssh)</source>
        <translation>lokal (oder eine Hostdatei für ssh)</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Host File</source>
        <translation>Hostdatei</translation>
    </message>
    <message>
        <source>Replace stragglers automatically</source>
        <translation>Nachzügler automatisch ersetzen</translation>
    </message>
    <message>
        <source>Start Job</source>
        <translation>Auftrag starten</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>Verbinden…</translation>
    </message>
    <message>
        <source>Job Folder</source>
        <translation>Auftragsordner</translation>
    </message>
    <message>
        <source>Detach</source>
        <translation>Trennen</translation>
    </message>
    <message>
        <source>Trainer:</source>
        <translation>Trainer:</translation>
    </message>
    <message>
        <source>Workers:</source>
        <translation>Worker:</translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation>Epochen:</translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation>Stichproben:</translation>
    </message>
    <message>
        <source>Global batch:</source>
        <translation>Globaler Batch:</translation>
    </message>
    <message>
        <source>Devices:</source>
        <translation>Geräte:</translation>
    </message>
    <message>
        <source>Hosts:</source>
        <translation>Hosts:</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Add Worker</source>
        <translation>Worker hinzufügen</translation>
    </message>
    <message>
        <source>Remove Selected</source>
        <translation>Auswahl entfernen</translation>
    </message>
    <message>
        <source>Stop Job</source>
        <translation>Auftrag stoppen</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>Stichproben/s</translation>
    </message>
    <message>
        <source>Training, live</source>
        <translation>Training, live</translation>
    </message>
    <message>
        <source>Starting the job…</source>
        <translation>Auftrag wird gestartet…</translation>
    </message>
    <message>
        <source>Start elastic job</source>
        <translation>Elastischen Auftrag starten</translation>
    </message>
    <message>
        <source>Cannot start the job: %1</source>
        <translation>Der Auftrag kann nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>The job runs, but cannot be recorded: %1</source>
        <translation>Der Auftrag läuft, kann aber nicht aufgezeichnet werden: %1</translation>
    </message>
    <message>
        <source>Cannot attach: %1</source>
        <translation>Verbinden nicht möglich: %1</translation>
    </message>
    <message>
        <source>Lost the job: %1</source>
        <translation>Auftrag verloren: %1</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>Stichproben/s</translation>
    </message>
    <message>
        <source>Generation %1 (%2): %3</source>
        <translation>Generation %1 (%2): %3</translation>
    </message>
    <message>
        <source>Worker %1 failed at step %2: %3 (silent %4 s)</source>
        <translation>Worker %1 bei Schritt %2 ausgefallen: %3 (stumm seit %4 s)</translation>
    </message>
    <message>
        <source>Epoch %1 done: %2 of %3 samples trained exactly once</source>
        <translation>Epoche %1 fertig: %2 von %3 Stichproben genau einmal trainiert</translation>
    </message>
    <message>
        <source>Cannot record the curves: %1</source>
        <translation>Die Kurven können nicht aufgezeichnet werden: %1</translation>
    </message>
    <message>
        <source>Cannot record the end of the job: %1</source>
        <translation>Das Ende des Auftrags kann nicht aufgezeichnet werden: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;generation %3 · step %4 · epoch %5/%6&lt;br&gt;loss %7 · %8 samples/s · %9 workers</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;Generation %3 · Schritt %4 · Epoche %5/%6&lt;br&gt;Verlust %7 · %8 Stichproben/s · %9 Worker</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation>Schrittzeit (ms)</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Stichproben</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Pause (ms)</source>
        <translation>Pause (ms)</translation>
    </message>
    <message>
        <source>Run %1 (%2): %3</source>
        <translation>Lauf %1 (%2): %3</translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation>Lauf %1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <source>Elastic Training</source>
        <translation>Elastisches Training</translation>
    </message>
    <message>
        <source>Migrate Selected</source>
        <translation>Ausgewählte migrieren</translation>
    </message>
    <message>
        <source>Starts workers on the devices of the Devices field, waits until they train, then removes the selected workers (all of them when none is selected)</source>
        <translation>Startet Worker auf den Geräten des Felds „Geräte“, wartet, bis sie trainieren, und entfernt dann die ausgewählten Worker (alle, wenn keiner ausgewählt ist)</translation>
    </message>
    <message>
        <source>Profile Throughput</source>
        <translation>Durchsatz profilieren</translation>
    </message>
    <message>
        <source>Runs the job briefly at 1 to N workers (N from the Workers field) and draws samples/s against workers; the job returns to its size afterwards</source>
        <translation>Lässt den Job kurz mit 1 bis N Workern laufen (N aus dem Feld „Worker“) und zeichnet Samples/s über der Workerzahl; danach kehrt der Job zu seiner Größe zurück</translation>
    </message>
    <message>
        <source>Compute time of each worker&apos;s step</source>
        <translation>Rechenzeit des Schritts jedes Workers</translation>
    </message>
    <message>
        <source>Workers over time; squares mark scale events</source>
        <translation>Worker über die Zeit; Quadrate markieren Skalierungen</translation>
    </message>
    <message>
        <source>Scaling curve (Profile Throughput)</source>
        <translation>Skalierungskurve (Durchsatz profilieren)</translation>
    </message>
    <message>
        <source>Loss and Throughput</source>
        <translation>Verlust und Durchsatz</translation>
    </message>
    <message>
        <source>Step Time per Worker</source>
        <translation>Schrittzeit je Worker</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <source>workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Chunks (epoch)</source>
        <translation>Blöcke (Epoche)</translation>
    </message>
    <message>
        <source>scale events</source>
        <translation>Skalierungen</translation>
    </message>
    <message>
        <source>Migration of every worker requested</source>
        <translation>Migration aller Worker angefordert</translation>
    </message>
    <message>
        <source>Migration requested: %1</source>
        <translation>Migration angefordert: %1</translation>
    </message>
    <message>
        <source>Migrate workers</source>
        <translation>Worker migrieren</translation>
    </message>
    <message numerus="yes">
        <source>Migration done: %n scale event(s), %1 ms of pause in all</source>
        <translation>
            <numerusform>Migration fertig: %n Skalierung, insgesamt %1 ms Pause</numerusform>
            <numerusform>Migration fertig: %n Skalierungen, insgesamt %1 ms Pause</numerusform>
        </translation>
    </message>
    <message>
        <source>Migration did not finish: %1</source>
        <translation>Migration nicht abgeschlossen: %1</translation>
    </message>
    <message>
        <source>Profiling throughput at 1 to %1 workers</source>
        <translation>Durchsatz wird mit 1 bis %1 Workern profiliert</translation>
    </message>
    <message>
        <source>Profile throughput</source>
        <translation>Durchsatz profilieren</translation>
    </message>
    <message>
        <source>%1: %2/s</source>
        <translation>%1: %2/s</translation>
    </message>
    <message>
        <source>Scaling curve: %1</source>
        <translation>Skalierungskurve: %1</translation>
    </message>
    <message>
        <source>Profiling did not finish: %1</source>
        <translation>Profilierung nicht abgeschlossen: %1</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>lädt</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>active</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>leaving</source>
        <translation>verlässt</translation>
    </message>
    <message>
        <source>left</source>
        <translation>ausgeschieden</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>The job runs, but its curves cannot be recorded: %1</source>
        <translation>Der Job läuft, aber seine Kurven können nicht aufgezeichnet werden: %1</translation>
    </message>
    <message>
        <source>Scale-out</source>
        <translation>Hochskalieren</translation>
    </message>
    <message>
        <source>Scale-in</source>
        <translation>Herunterskalieren</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>%1 requested…</source>
        <translation>%1 angefordert…</translation>
    </message>
    <message>
        <source>%1: accepted</source>
        <translation>%1: angenommen</translation>
    </message>
    <message>
        <source>%1: accepted (%2)</source>
        <translation>%1: angenommen (%2)</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Cannot record a job that ended meanwhile: %1</source>
        <translation>Ein inzwischen beendeter Job kann nicht aufgezeichnet werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>The elastic job %1 is training (step %2, %n worker(s)).</source>
        <translation>
            <numerusform>Der elastische Job %1 trainiert (Schritt %2, %n Worker).</numerusform>
            <numerusform>Der elastische Job %1 trainiert (Schritt %2, %n Worker).</numerusform>
        </translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>scale-out</source>
        <translation>Hochskalierung</translation>
    </message>
    <message>
        <source>scale-in</source>
        <translation>Herunterskalierung</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>Ausfall</translation>
    </message>
    <message>
        <source>migration</source>
        <translation>Migration</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>restart</source>
        <translation>Neustart</translation>
    </message>
    <message>
        <source>restored from a checkpoint</source>
        <translation>aus einem Checkpoint wiederhergestellt</translation>
    </message>
    <message>
        <source>after a failure</source>
        <translation>nach einem Ausfall</translation>
    </message>
    <message>
        <source>resized</source>
        <translation>Größe geändert</translation>
    </message>
    <message>
        <source> · joined: %1</source>
        <translation> · beigetreten: %1</translation>
    </message>
    <message>
        <source> · left: %1</source>
        <translation> · ausgeschieden: %1</translation>
    </message>
    <message>
        <source>Step %1: %2, %3 → %4 workers, %5 ms of pause%6</source>
        <translation>Schritt %1: %2, %3 → %4 Worker, %5 ms Pause%6</translation>
    </message>
    <message>
        <source>Leader: %1</source>
        <translation>Leader: %1</translation>
    </message>
    <message>
        <source>Choose the model: a TorchScript file saved with torch.jit.save.</source>
        <translation>Wählen Sie das Modell: eine mit torch.jit.save gespeicherte TorchScript-Datei.</translation>
    </message>
    <message>
        <source>Choose the data: a folder with inputs.npy and targets.npy.</source>
        <translation>Wählen Sie die Daten: einen Ordner mit inputs.npy und targets.npy.</translation>
    </message>
    <message>
        <source>Your TorchScript model</source>
        <translation>Eigenes TorchScript-Modell</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Data:</source>
        <translation>Daten:</translation>
    </message>
    <message>
        <source>model.pt, saved by torch.jit.save</source>
        <translation>model.pt, gespeichert mit torch.jit.save</translation>
    </message>
    <message>
        <source>TorchScript Model</source>
        <translation>TorchScript-Modell</translation>
    </message>
    <message>
        <source>TorchScript (*.pt *.pth);;All files (*)</source>
        <translation>TorchScript (*.pt *.pth);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>a folder with inputs.npy and targets.npy</source>
        <translation>ein Ordner mit inputs.npy und targets.npy</translation>
    </message>
    <message>
        <source>Data Folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <source>The data decides: one sample per row</source>
        <translation>Die Daten bestimmen es: ein Beispiel je Zeile</translation>
    </message>
    <message>
        <source>Choose the script: a Python file that trains with the vantage_edl module.</source>
        <translation>Wählen Sie das Skript: eine Python-Datei, die mit dem Modul vantage_edl trainiert.</translation>
    </message>
    <message>
        <source>Your Python script</source>
        <translation>Eigenes Python-Skript</translation>
    </message>
    <message>
        <source>train.py, written with the vantage_edl module</source>
        <translation>train.py, mit dem Modul vantage_edl geschrieben</translation>
    </message>
    <message>
        <source>Training Script</source>
        <translation>Trainingsskript</translation>
    </message>
    <message>
        <source>Python (*.py);;All files (*)</source>
        <translation>Python (*.py);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>the script&apos;s own arguments, e.g. --data images.pt</source>
        <translation>die eigenen Argumente des Skripts, z. B. --data images.pt</translation>
    </message>
    <message>
        <source>The Python that runs the script on every worker; it must have torch and vantage_edl</source>
        <translation>Das Python, das das Skript auf jedem Worker ausführt; es braucht torch und vantage_edl</translation>
    </message>
    <message>
        <source>Script:</source>
        <translation>Skript:</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Argumente:</translation>
    </message>
    <message>
        <source>Python:</source>
        <translation>Python:</translation>
    </message>
    <message>
        <source>The size of the script&apos;s data set: sample ids 0 to N-1</source>
        <translation>Die Größe des Datensatzes des Skripts: Proben-IDs 0 bis N-1</translation>
    </message>
    <message>
        <source>Training of run %1</source>
        <translation>Training von Lauf %1</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>%1 not sent: the job has ended.</source>
        <translation>%1 nicht gesendet: Der Job ist beendet.</translation>
    </message>
    <message>
        <source>the job ended before it answered</source>
        <translation>der Job endete, bevor er antwortete</translation>
    </message>
    <message>
        <source>workers started locally</source>
        <translation>Worker lokal gestartet</translation>
    </message>
    <message>
        <source>workers started over ssh</source>
        <translation>Worker über ssh gestartet</translation>
    </message>
    <message>
        <source>workers started as Slurm job steps</source>
        <translation>Worker als Slurm-Job-Schritte gestartet</translation>
    </message>
    <message>
        <source>leader on %1 · %2</source>
        <translation>Leader auf %1 · %2</translation>
    </message>
</context>
<context>
    <name>vantage::gui::EnginePage</name>
    <message>
        <source>%1: done</source>
        <translation>%1: fertig</translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation>%1: abgebrochen</translation>
    </message>
    <message>
        <source>%1: failed</source>
        <translation>%1: fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>vantage::gui::FtPage</name>
    <message>
        <source>device counts must be positive integers separated by commas, got “%1”</source>
        <translation>Gerätezahlen müssen positive ganze Zahlen, durch Kommas getrennt, sein; erhalten: „%1“</translation>
    </message>
    <message>
        <source>give at least one device count</source>
        <translation>Geben Sie mindestens eine Gerätezahl an</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>From JSON…</source>
        <translation>Aus JSON…</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
    <message>
        <source>Device counts, separated by commas: one frontier each</source>
        <translation>Gerätezahlen, durch Kommas getrennt: je eine Front</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <source>0 finds the exact frontier; ε &gt; 0 merges points within a factor 1 + ε (for huge graphs)</source>
        <translation>0 findet die exakte Front; ε &gt; 0 fasst Punkte innerhalb eines Faktors 1 + ε zusammen (für riesige Graphen)</translation>
    </message>
    <message>
        <source>Search Frontier</source>
        <translation>Front suchen</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>&amp;Cluster:</source>
        <translation>&amp;Cluster:</translation>
    </message>
    <message>
        <source>&amp;Devices:</source>
        <translation>&amp;Geräte:</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation>Speicher pro Gerät (GiB)</translation>
    </message>
    <message>
        <source>Log time axis</source>
        <translation>Logarithmische Zeitachse</translation>
    </message>
    <message>
        <source>Log memory axis</source>
        <translation>Logarithmische Speicherachse</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>Aufschlüsselung</translation>
    </message>
    <message>
        <source>Op Graph</source>
        <translation>Operatorgraph</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Export Strategy…</source>
        <translation>Strategie exportieren…</translation>
    </message>
    <message>
        <source>%1 (file)</source>
        <translation>%1 (Datei)</translation>
    </message>
    <message>
        <source>Cluster Profile</source>
        <translation>Clusterprofil</translation>
    </message>
    <message>
        <source>Cluster profiles (*.json);;All files (*)</source>
        <translation>Clusterprofile (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>Frontier search</source>
        <translation>Frontsuche</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>Suche abgebrochen.</translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation>Suche fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n Gerät</numerusform>
            <numerusform>%n Geräte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1, %n Gerät</numerusform>
            <numerusform>%1, %n Geräte</numerusform>
        </translation>
    </message>
    <message>
        <source>Device memory (%1)</source>
        <translation>Gerätespeicher (%1)</translation>
    </message>
    <message>
        <source>%1, batch %2, %3</source>
        <translation>%1, Batch %2, %3</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Aufteilung</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>Zeit (ms)</translation>
    </message>
    <message>
        <source>Memory (MiB)</source>
        <translation>Speicher (MiB)</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Berechnung</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>All-Reduce</translation>
    </message>
    <message>
        <source>Re-partition</source>
        <translation>Umverteilung</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Gradienten</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>Optimiererzustand</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>Re-partition copies</source>
        <translation>Umverteilungskopien</translation>
    </message>
    <message>
        <source>Time %1 · memory %2 per device</source>
        <translation>Zeit %1 · Speicher %2 pro Gerät</translation>
    </message>
    <message>
        <source>Cannot show the strategy: %1</source>
        <translation>Die Strategie kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>Cannot record the pick: %1</source>
        <translation>Die Auswahl kann nicht aufgezeichnet werden: %1</translation>
    </message>
    <message>
        <source>Export Strategy</source>
        <translation>Strategie exportieren</translation>
    </message>
    <message>
        <source>JSON (*.json);;Text summary (*.txt)</source>
        <translation>JSON (*.json);;Textzusammenfassung (*.txt)</translation>
    </message>
    <message>
        <source>Run %1 has no frontier to show (%2).</source>
        <translation>Lauf %1 hat keine Front zum Anzeigen (%2).</translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation>Lauf %1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <source>Parallelization Frontier</source>
        <translation>Parallelisierungsfront</translation>
    </message>
    <message>
        <source>Zoom to frontiers</source>
        <translation>Auf Fronten zoomen</translation>
    </message>
    <message>
        <source>Axes over the frontiers only; baselines far from them fall outside the plot (data parallel is compared with the fastest strategy under the search). Click a device count in the legend to hide or show it.</source>
        <translation>Achsen nur über die Fronten; weit entfernte Baselines liegen außerhalb des Diagramms (unter der Suche wird Datenparallelität mit der schnellsten Strategie verglichen). Ein Klick auf eine Gerätezahl in der Legende blendet sie aus oder ein.</translation>
    </message>
    <message>
        <source>    fastest %1 at %2; data parallel %3 at %4 (%5× the time)</source>
        <translation>    schnellste %1 bei %2; Datenparallelität %3 bei %4 (%5× die Zeit)</translation>
    </message>
    <message>
        <source>The op graph file sets its own shapes</source>
        <translation>Die Operatorgraph-Datei legt ihre eigenen Formen fest</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>Datenparallel</translation>
    </message>
    <message>
        <source>Megatron TP×DP</source>
        <translation>Megatron TP×DP</translation>
    </message>
    <message>
        <source>OptCNN (fastest)</source>
        <translation>OptCNN (schnellste)</translation>
    </message>
    <message>
        <source>Least memory</source>
        <translation>Geringster Speicher</translation>
    </message>
    <message>
        <source>No frontier yet: choose a model, a cluster and device counts, then Search</source>
        <translation>Noch keine Front: Modell, Cluster und Gerätezahlen wählen, dann „Front suchen“</translation>
    </message>
    <message>
        <source>does not fit in device memory</source>
        <translation>passt nicht in den Gerätespeicher</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>%1: %2 in %3</source>
        <translation>%1: %2 in %3</translation>
    </message>
    <message numerus="yes">
        <source>%n Pareto point(s)</source>
        <translation>
            <numerusform>%n Pareto-Punkt</numerusform>
            <numerusform>%n Pareto-Punkte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (fits %2 of %n frontier(s))</source>
        <translation>
            <numerusform>%1 (passt zu %2 von %n Front)</numerusform>
            <numerusform>%1 (passt zu %2 von %n Fronten)</numerusform>
        </translation>
    </message>
    <message>
        <source>Does not fit in device memory: this strategy needs %1 per device, a device has %2.</source>
        <translation>Passt nicht in den Gerätespeicher: diese Strategie braucht %1 pro Gerät, ein Gerät hat %2.</translation>
    </message>
    <message numerus="yes">
        <source>Fits: %1 of the %2 of a device, on %n device(s): the fastest strategy that fits, over every device count searched.</source>
        <translation>
            <numerusform>Passt: %1 der %2 eines Geräts, auf %n Gerät: die schnellste passende Strategie über alle gesuchten Gerätezahlen.</numerusform>
            <numerusform>Passt: %1 der %2 eines Geräts, auf %n Geräten: die schnellste passende Strategie über alle gesuchten Gerätezahlen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fits: %1 of the %2 of a device, on %n device(s).</source>
        <translation>
            <numerusform>Passt: %1 der %2 eines Geräts, auf %n Gerät.</numerusform>
            <numerusform>Passt: %1 der %2 eines Geräts, auf %n Geräten.</numerusform>
        </translation>
    </message>
    <message>
        <source>No strategy found at any device count searched.</source>
        <translation>Für keine der gesuchten Gerätezahlen wurde eine Strategie gefunden.</translation>
    </message>
    <message numerus="yes">
        <source>Nothing fits in device memory: the leanest strategy needs %1 per device (on %n device(s)), a device has %2.</source>
        <translation>
            <numerusform>Nichts passt in den Gerätespeicher: die sparsamste Strategie braucht %1 pro Gerät (auf %n Gerät), ein Gerät hat %2.</numerusform>
            <numerusform>Nichts passt in den Gerätespeicher: die sparsamste Strategie braucht %1 pro Gerät (auf %n Geräten), ein Gerät hat %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fewer samples per device (export the op graph again with a smaller --batch) or more devices lower it; FT does not model ZeRO sharding or activation recomputation yet.</source>
        <translation>Weniger Beispiele pro Gerät (den Operatorgraphen mit kleinerem --batch erneut exportieren) oder mehr Geräte senken ihn; ZeRO-Sharding und Aktivierungs-Neuberechnung modelliert FT noch nicht.</translation>
    </message>
    <message>
        <source>Fewer samples per device (a smaller batch) or more devices lower it; FT does not model ZeRO sharding or activation recomputation yet.</source>
        <translation>Weniger Beispiele pro Gerät (eine kleinere Batchgröße) oder mehr Geräte senken ihn; ZeRO-Sharding und Aktivierungs-Neuberechnung modelliert FT noch nicht.</translation>
    </message>
    <message>
        <source>This strategy does not fit in device memory: it needs %1 per device, a device has %2. Export it anyway?</source>
        <translation>Diese Strategie passt nicht in den Gerätespeicher: sie braucht %1 pro Gerät, ein Gerät hat %2. Trotzdem exportieren?</translation>
    </message>
    <message>
        <source>Open an op graph (JSON).</source>
        <translation>Einen Operatorgraphen (JSON) öffnen.</translation>
    </message>
    <message>
        <source>Batch &amp;size:</source>
        <translation>Ba&amp;tchgröße:</translation>
    </message>
    <message>
        <source>E&amp;psilon:</source>
        <translation>E&amp;psilon:</translation>
    </message>
    <message>
        <source>Time per iteration (ms)</source>
        <translation>Zeit pro Iteration (ms)</translation>
    </message>
    <message>
        <source>Marks on each frontier the fastest strategy within this memory per device</source>
        <translation>Markiert auf jeder Front die schnellste Strategie innerhalb dieses Speichers pro Gerät</translation>
    </message>
    <message>
        <source>Memory &amp;budget:</source>
        <translation>Speicherb&amp;udget:</translation>
    </message>
    <message>
        <source>To get one from a PyTorch model, run the exporter on the callable that builds it (MODULE:NAME or FILE.py:NAME), with one sample&apos;s input and the batch:
python3 scripts/export_ft_graph.py --model torchvision.models:resnet50 --input float:3,224,224 --batch 64 --out resnet50.json</source>
        <translation>Einen aus einem PyTorch-Modell erhalten: den Exporter auf die Funktion anwenden, die es baut (MODUL:NAME oder DATEI.py:NAME), mit der Eingabe eines Beispiels und der Batchgröße:
python3 scripts/export_ft_graph.py --model torchvision.models:resnet50 --input float:3,224,224 --batch 64 --out resnet50.json</translation>
    </message>
    <message>
        <source>JSON op graph (*.json);;All files (*)</source>
        <translation>JSON-Operatorgraph (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 is a model file; FT reads op graphs (JSON).</source>
        <translation>%1 ist eine Modelldatei; FT liest Operatorgraphen (JSON).</translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation>Kalibrieren</translation>
    </message>
    <message>
        <source>Measure matmuls, memory bandwidth, op overhead and the collectives of this machine&apos;s devices, and add the fitted profile to the cluster box</source>
        <translation>Matrixmultiplikationen, Speicherbandbreite, Operator-Overhead und die kollektiven Operationen der Geräte dieses Rechners messen und das angepasste Profil zur Clusterauswahl hinzufügen</translation>
    </message>
    <message>
        <source>Processes:</source>
        <translation>Prozesse:</translation>
    </message>
    <message>
        <source>Threads each:</source>
        <translation>Threads je Prozess:</translation>
    </message>
    <message>
        <source>Largest matmul:</source>
        <translation>Größte Matrix:</translation>
    </message>
    <message>
        <source>Calibrate This Machine</source>
        <translation>Diesen Rechner kalibrieren</translation>
    </message>
    <message>
        <source>Calibrating…</source>
        <translation>Kalibrierung läuft…</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>Kalibrierung</translation>
    </message>
    <message>
        <source>Calibration cancelled.</source>
        <translation>Kalibrierung abgebrochen.</translation>
    </message>
    <message>
        <source>Calibration failed: %1</source>
        <translation>Kalibrierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1 (calibrated)</source>
        <translation>%1 (kalibriert)</translation>
    </message>
    <message>
        <source>Calibration %1 has no profile (%2).</source>
        <translation>Kalibrierung %1 hat kein Profil (%2).</translation>
    </message>
    <message>
        <source>my_model.py:build</source>
        <translation>mein_modell.py:build</translation>
    </message>
    <message>
        <source>The callable that returns your nn.Module: FILE.py:NAME or MODULE:NAME, as the exporter takes it (filled in when the op graph records it)</source>
        <translation>Die Funktion, die Ihr nn.Module liefert: DATEI.py:NAME oder MODUL:NAME, wie der Exporter sie nimmt (ausgefüllt, wenn der Operatorgraph sie verzeichnet)</translation>
    </message>
    <message>
        <source>One sample per argument of forward, separated by spaces: long:SEQ for tokens, float:C,H,W for an image</source>
        <translation>Ein Beispiel je Argument von forward, durch Leerzeichen getrennt: long:SEQ für Token, float:C,H,W für ein Bild</translation>
    </message>
    <message>
        <source>every point</source>
        <translation>jeder Punkt</translation>
    </message>
    <message>
        <source>Validate Frontier runs this many points, spread over the picked frontier</source>
        <translation>„Front prüfen“ führt so viele Punkte aus, über die gewählte Front verteilt</translation>
    </message>
    <message>
        <source>Run This Strategy</source>
        <translation>Diese Strategie ausführen</translation>
    </message>
    <message>
        <source>Train the picked strategy on your module for a few steps, one process per device, and measure its time and memory against the prediction</source>
        <translation>Die gewählte Strategie einige Schritte lang auf Ihrem Modul trainieren, ein Prozess je Gerät, und Zeit und Speicher mit der Vorhersage vergleichen</translation>
    </message>
    <message>
        <source>Validate Frontier</source>
        <translation>Front prüfen</translation>
    </message>
    <message>
        <source>Run points of the picked frontier and compare each with its prediction</source>
        <translation>Punkte der gewählten Front ausführen und jeden mit seiner Vorhersage vergleichen</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Konfigurationen</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Vorhergesagt</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Gemessen</translation>
    </message>
    <message>
        <source>Time Error</source>
        <translation>Zeitfehler</translation>
    </message>
    <message>
        <source>Predicted Memory</source>
        <translation>Vorhergesagter Speicher</translation>
    </message>
    <message>
        <source>Measured Memory</source>
        <translation>Gemessener Speicher</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>Verluste</translation>
    </message>
    <message>
        <source>Module:</source>
        <translation>Modul:</translation>
    </message>
    <message>
        <source>Inputs:</source>
        <translation>Eingaben:</translation>
    </message>
    <message>
        <source>Points:</source>
        <translation>Punkte:</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>Schritte:</translation>
    </message>
    <message>
        <source>Pick a strategy on the chart first.</source>
        <translation>Wählen Sie zuerst eine Strategie im Diagramm.</translation>
    </message>
    <message>
        <source>Give the module that builds your model (FILE.py:NAME).</source>
        <translation>Geben Sie das Modul an, das Ihr Modell baut (DATEI.py:NAME).</translation>
    </message>
    <message>
        <source>Running the strategy…</source>
        <translation>Die Strategie läuft…</translation>
    </message>
    <message>
        <source>Run Strategy</source>
        <translation>Strategie ausführen</translation>
    </message>
    <message>
        <source>Run cancelled.</source>
        <translation>Lauf abgebrochen.</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>Der Lauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Validating the frontier…</source>
        <translation>Die Front wird geprüft…</translation>
    </message>
    <message>
        <source>Validation cancelled.</source>
        <translation>Prüfung abgebrochen.</translation>
    </message>
    <message>
        <source>The validation failed: %1</source>
        <translation>Die Prüfung ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>equal</source>
        <translation>gleich</translation>
    </message>
    <message>
        <source>differ by %1</source>
        <translation>weichen um %1 ab</translation>
    </message>
    <message>
        <source>%1, measured</source>
        <translation>%1, gemessen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>Run %1 has no measurement (%2).</source>
        <translation>Lauf %1 hat keine Messung (%2).</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>ZeRO + recomputation</source>
        <translation>ZeRO + Neuberechnung</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>Neuberechnung</translation>
    </message>
    <message numerus="yes">
        <source>ZeRO-%1 on %n op(s)</source>
        <translation>
            <numerusform>ZeRO-%1 auf %n Operator</numerusform>
            <numerusform>ZeRO-%1 auf %n Operatoren</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>recomputation on %n op(s)</source>
        <translation>
            <numerusform>Neuberechnung auf %n Operator</numerusform>
            <numerusform>Neuberechnung auf %n Operatoren</numerusform>
        </translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>Neuberechnung</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>Stufe %1</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>selektiv</translation>
    </message>
    <message>
        <source>up to stage </source>
        <translation>bis Stufe </translation>
    </message>
    <message>
        <source>Selective recomputation</source>
        <translation>Selektive Neuberechnung</translation>
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
        <translation>FSDP (ZeRO-3)</translation>
    </message>
    <message>
        <source>Megatron + ZeRO-1 / recomputation</source>
        <translation>Megatron + ZeRO-1 / Neuberechnung</translation>
    </message>
    <message>
        <source>Strategy runner&apos;s overhead</source>
        <translation>Overhead des Strategie-Runners</translation>
    </message>
    <message>
        <source>Also measure what the strategy runner (PyTorch&apos;s DTensor, in Python) adds to each ATen op, forward and backward, so that predictions of strategies run by Run This Strategy and Validate Frontier include it (Python with PyTorch: $VANTAGE_PYTHON, else python3)</source>
        <translation>Auch messen, was der Strategie-Runner (PyTorchs DTensor, in Python) jeder ATen-Operation vorwärts und rückwärts hinzufügt, damit die Vorhersagen für mit „Diese Strategie ausführen“ und „Front prüfen“ ausgeführte Strategien es enthalten (Python mit PyTorch: $VANTAGE_PYTHON, sonst python3)</translation>
    </message>
</context>
<context>
    <name>vantage::gui::MainWindow</name>
    <message>
        <source>Vantage sessions (*.vantage);;All files (*)</source>
        <translation>Vantage-Sitzungen (*.vantage);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot read runs: %1</source>
        <translation>Läufe können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Session Browser</source>
        <translation>Sitzungsbrowser</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New Session…</source>
        <translation>&amp;Neue Sitzung…</translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation>Sitzung ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>Bericht &amp;exportieren…</translation>
    </message>
    <message>
        <source>&amp;Close Session</source>
        <translation>Sitzung s&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Session &amp;Browser</source>
        <translation>Sitzungs&amp;browser</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Vantage</source>
        <translation>Über &amp;Vantage</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Open Recent</source>
        <translation>Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>“%1” no longer exists; it is removed from the list.</source>
        <translation>„%1“ existiert nicht mehr und wird aus der Liste entfernt.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) had been interrupted and are now marked failed.</source>
        <translation>
            <numerusform>%n Lauf war unterbrochen und ist nun als fehlgeschlagen markiert.</numerusform>
            <numerusform>%n Läufe waren unterbrochen und sind nun als fehlgeschlagen markiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Session upgraded; the old file was kept as %1</source>
        <translation>Sitzung aktualisiert; die alte Datei wurde als %1 behalten</translation>
    </message>
    <message>
        <source>Cannot open the session.

%1</source>
        <translation>Die Sitzung kann nicht geöffnet werden.

%1</translation>
    </message>
    <message>
        <source>Cannot replace “%1”.</source>
        <translation>„%1“ kann nicht ersetzt werden.</translation>
    </message>
    <message>
        <source>New Session</source>
        <translation>Neue Sitzung</translation>
    </message>
    <message>
        <source>Cannot create the session.

%1</source>
        <translation>Die Sitzung kann nicht angelegt werden.

%1</translation>
    </message>
    <message>
        <source>Close Session</source>
        <translation>Sitzung schließen</translation>
    </message>
    <message>
        <source>Untitled.vantage</source>
        <translation>Unbenannt.vantage</translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation>Sitzung speichern unter</translation>
    </message>
    <message>
        <source>Cannot save the session.

%1</source>
        <translation>Die Sitzung kann nicht gespeichert werden.

%1</translation>
    </message>
    <message numerus="yes">
        <source>GPU path built (CUDA runtime %1, NCCL %2); %n GPU(s) visible</source>
        <translation>
            <numerusform>GPU-Pfad gebaut (CUDA-Laufzeit %1, NCCL %2); %n GPU sichtbar</numerusform>
            <numerusform>GPU-Pfad gebaut (CUDA-Laufzeit %1, NCCL %2); %n GPUs sichtbar</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU build (no GPU path)</source>
        <translation>CPU-Build (ohne GPU-Pfad)</translation>
    </message>
    <message>
        <source>About Vantage</source>
        <translation>Über Vantage</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Vantage %1&lt;/h3&gt;&lt;p&gt;A workbench for people who train and serve large models: parallelization frontiers, elastic training, layer-wise GNN evaluation and debiased recommendation.&lt;/p&gt;&lt;p&gt;Build %2 · Qt %3 · %4&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Vantage %1&lt;/h3&gt;&lt;p&gt;Eine Werkbank für alle, die große Modelle trainieren und bereitstellen: Parallelisierungsfronten, elastisches Training, schichtweise GNN-Auswertung und entzerrte Empfehlungen.&lt;/p&gt;&lt;p&gt;Build %2 · Qt %3 · %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No page in this build shows runs of engine “%1”.</source>
        <translation>Keine Seite dieses Builds zeigt Läufe der Engine „%1“.</translation>
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
        <translation>Vantage beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Re&amp;name Run…</source>
        <translation>Lauf &amp;umbenennen…</translation>
    </message>
    <message>
        <source>&amp;Tags…</source>
        <translation>&amp;Schlagwörter…</translation>
    </message>
    <message>
        <source>&amp;Delete Runs</source>
        <translation>Läufe &amp;löschen</translation>
    </message>
    <message>
        <source>Rename Run</source>
        <translation>Lauf umbenennen</translation>
    </message>
    <message>
        <source>Tag Run</source>
        <translation>Lauf verschlagworten</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) deleted. Edit &gt; Undo brings them back.</source>
        <translation>
            <numerusform>%n Lauf gelöscht. Bearbeiten &gt; Rückgängig holt ihn zurück.</numerusform>
            <numerusform>%n Läufe gelöscht. Bearbeiten &gt; Rückgängig holt sie zurück.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete Runs</source>
        <translation>Läufe löschen</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <source>Tags, separated by commas:</source>
        <translation>Schlagwörter, durch Kommas getrennt:</translation>
    </message>
    <message>
        <source>&amp;Compare Selected Runs</source>
        <translation>Ausgewählte Läufe &amp;vergleichen</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht geschrieben nach %1</translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Compare %1</source>
        <translation>%1 vergleichen</translation>
    </message>
    <message>
        <source>Detach: the job goes on, and is attached again when this session is next opened.
Stop: the workers save and leave, and the run is recorded.</source>
        <translation>Abkoppeln: Der Job läuft weiter und wird beim nächsten Öffnen dieser Sitzung wieder angekoppelt.
Anhalten: Die Worker speichern und beenden sich, und der Lauf wird aufgezeichnet.</translation>
    </message>
    <message>
        <source>Detach</source>
        <translation>Abkoppeln</translation>
    </message>
    <message>
        <source>Stop the Job</source>
        <translation>Job anhalten</translation>
    </message>
    <message>
        <source>Stopping the job…</source>
        <translation>Der Job wird angehalten…</translation>
    </message>
    <message>
        <source>The job is still stopping; it is recorded when the session opens next.</source>
        <translation>Der Job hält noch an; er wird beim nächsten Öffnen der Sitzung aufgezeichnet.</translation>
    </message>
    <message>
        <source>Open &amp;Demo Session</source>
        <translation>&amp;Demo-Sitzung öffnen</translation>
    </message>
    <message>
        <source>Open Demo Session</source>
        <translation>Demo-Sitzung öffnen</translation>
    </message>
    <message>
        <source>Cannot create the demo session.

%1</source>
        <translation>Die Demo-Sitzung kann nicht angelegt werden.

%1</translation>
    </message>
    <message>
        <source>The demo session holds a run of every engine.</source>
        <translation>Die Demo-Sitzung enthält einen Lauf jeder Engine.</translation>
    </message>
    <message>
        <source>Demo: run %1 of %2</source>
        <translation>Demo: Lauf %1 von %2</translation>
    </message>
    <message>
        <source>No engine of this build reads TorchScript models.</source>
        <translation>Keine Engine dieses Builds liest TorchScript-Modelle.</translation>
    </message>
    <message>
        <source>%1 is not an op graph FT can read.</source>
        <translation>%1 ist kein Operatorgraph, den FT lesen kann.</translation>
    </message>
    <message>
        <source>Vantage does not open %1 files here (%2).</source>
        <translation>Vantage öffnet hier keine %1-Dateien (%2).</translation>
    </message>
    <message>
        <source>The untitled session stays open.</source>
        <translation>Die unbenannte Sitzung bleibt geöffnet.</translation>
    </message>
    <message>
        <source>Another Vantage window has this untitled session open.</source>
        <translation>Ein anderes Vantage-Fenster hat diese unbenannte Sitzung geöffnet.</translation>
    </message>
    <message>
        <source>Opened read-only: you may not write this session file.</source>
        <translation>Schreibgeschützt geöffnet: Sie dürfen diese Sitzungsdatei nicht schreiben.</translation>
    </message>
    <message>
        <source>Runs go into an untitled session until you save it (File › Save As).</source>
        <translation>Läufe kommen in eine unbenannte Sitzung, bis Sie sie speichern (Datei › Speichern unter).</translation>
    </message>
    <message>
        <source>Cannot create an untitled session: %1</source>
        <translation>Eine unbenannte Sitzung kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>Saved as %1</source>
        <translation>Gespeichert als %1</translation>
    </message>
    <message numerus="yes">
        <source>The untitled session holds %n run(s) that are in no saved session file.</source>
        <translation>
            <numerusform>Die unbenannte Sitzung enthält %n Lauf, der in keiner gespeicherten Sitzungsdatei steht.</numerusform>
            <numerusform>Die unbenannte Sitzung enthält %n Läufe, die in keiner gespeicherten Sitzungsdatei stehen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Save them in a session file, or discard them?</source>
        <translation>In einer Sitzungsdatei speichern oder verwerfen?</translation>
    </message>
    <message>
        <source>Finish or cancel the running task before switching sessions.</source>
        <translation>Schließen Sie den laufenden Vorgang ab oder brechen Sie ihn ab, bevor Sie die Sitzung wechseln.</translation>
    </message>
    <message>
        <source>Finish or cancel the running task first.</source>
        <translation>Schließen Sie zuerst den laufenden Vorgang ab oder brechen Sie ihn ab.</translation>
    </message>
    <message>
        <source>A task is still running. Cancel it and quit?</source>
        <translation>Ein Vorgang läuft noch. Abbrechen und beenden?</translation>
    </message>
    <message>
        <source>%1 is a torch.export program (.pt2), which DGI reads; this build has no DGI.</source>
        <translation>%1 ist ein torch.export-Programm (.pt2), das DGI liest; dieser Build enthält kein DGI.</translation>
    </message>
</context>
<context>
    <name>vantage::gui::PpacPage</name>
    <message>
        <source>Item</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <source>GP</source>
        <translation>GP</translation>
    </message>
    <message>
        <source>Interactions</source>
        <translation>Interaktionen</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Similar users</source>
        <translation>Ähnliche Nutzer</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punktzahl</translation>
    </message>
    <message>
        <source>In test</source>
        <translation>Im Test</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>Synthetic (communities, long tail)</source>
        <translation>Synthetisch (Gemeinschaften, Long Tail)</translation>
    </message>
    <message>
        <source>Folder or file…</source>
        <translation>Ordner oder Datei…</translation>
    </message>
    <message>
        <source>train.txt folder, .inter, ratings.dat, u.data or .csv</source>
        <translation>train.txt-Ordner, .inter, ratings.dat, u.data oder .csv</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Dataset Folder</source>
        <translation>Datensatzordner</translation>
    </message>
    <message>
        <source>Load Data</source>
        <translation>Daten laden</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Quelle:</translation>
    </message>
    <message>
        <source>Users:</source>
        <translation>Nutzer:</translation>
    </message>
    <message>
        <source>Items:</source>
        <translation>Artikel:</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <source>Path:</source>
        <translation>Pfad:</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
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
        <translation>PPAC (Zweige für persönliche und globale Popularität)</translation>
    </message>
    <message>
        <source>Held out from training</source>
        <translation>Vom Training zurückgehalten</translation>
    </message>
    <message>
        <source>Balanced test (authors&apos; protocol)</source>
        <translation>Ausgewogener Test (Protokoll der Autoren)</translation>
    </message>
    <message>
        <source>None (keep last epoch)</source>
        <translation>Keine (letzte Epoche behalten)</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>Trainieren</translation>
    </message>
    <message>
        <source>Stop After Epoch</source>
        <translation>Nach Epoche anhalten</translation>
    </message>
    <message>
        <source>Ends training after the current epoch and keeps the best weights so far</source>
        <translation>Beendet das Training nach der aktuellen Epoche und behält die bisher besten Gewichte</translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation>Epochen:</translation>
    </message>
    <message>
        <source>Validation:</source>
        <translation>Validierung:</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Item rank (most popular first)</source>
        <translation>Artikelrang (beliebteste zuerst)</translation>
    </message>
    <message>
        <source>Training interactions</source>
        <translation>Trainingsinteraktionen</translation>
    </message>
    <message>
        <source>Long tail of item popularity</source>
        <translation>Long Tail der Artikelpopularität</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Validation metric</source>
        <translation>Validierungsmetrik</translation>
    </message>
    <message>
        <source>Store Knobs in Session</source>
        <translation>Regler in Sitzung speichern</translation>
    </message>
    <message>
        <source>Trade-off Curve</source>
        <translation>Abwägungskurve</translation>
    </message>
    <message>
        <source>Re-ranks for a range of β at the current γ and plots ARP against NDCG</source>
        <translation>Ordnet für einen Bereich von β beim aktuellen γ neu und zeichnet ARP gegen NDCG</translation>
    </message>
    <message>
        <source>γ (personal popularity):</source>
        <translation>γ (persönliche Popularität):</translation>
    </message>
    <message>
        <source>β (global popularity):</source>
        <translation>β (globale Popularität):</translation>
    </message>
    <message>
        <source>Item popularity group (1 = most popular tenth)</source>
        <translation>Popularitätsgruppe der Artikel (1 = beliebtestes Zehntel)</translation>
    </message>
    <message>
        <source>Share of recommendations</source>
        <translation>Anteil der Empfehlungen</translation>
    </message>
    <message>
        <source>Popularity of recommended items</source>
        <translation>Popularität der empfohlenen Artikel</translation>
    </message>
    <message>
        <source>ARP@20 (lower: less popularity bias)</source>
        <translation>ARP@20 (niedriger: weniger Popularitätsverzerrung)</translation>
    </message>
    <message>
        <source>NDCG@20</source>
        <translation>NDCG@20</translation>
    </message>
    <message>
        <source>ARP / accuracy trade-off</source>
        <translation>Abwägung ARP / Genauigkeit</translation>
    </message>
    <message>
        <source>User id</source>
        <translation>Nutzer-ID</translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation>Untersuchen</translation>
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
        <translation>Vorheriger Nutzer</translation>
    </message>
    <message>
        <source>Next user</source>
        <translation>Nächster Nutzer</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>Nutzer:</translation>
    </message>
    <message>
        <source>Base model top-K (γ = β = 0)</source>
        <translation>Top-K des Basismodells (γ = β = 0)</translation>
    </message>
    <message>
        <source>With the knobs</source>
        <translation>Mit den Reglern</translation>
    </message>
    <message>
        <source>Ranked by personal popularity</source>
        <translation>Nach persönlicher Popularität geordnet</translation>
    </message>
    <message>
        <source>Ranked by global popularity</source>
        <translation>Nach globaler Popularität geordnet</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Debiasing</source>
        <translation>Entzerrung</translation>
    </message>
    <message>
        <source>User Inspector</source>
        <translation>Nutzerinspektor</translation>
    </message>
    <message>
        <source>Loading data…</source>
        <translation>Daten werden geladen…</translation>
    </message>
    <message>
        <source>Load dataset</source>
        <translation>Datensatz laden</translation>
    </message>
    <message>
        <source>Data ready: %1 users, %2 items.</source>
        <translation>Daten bereit: %1 Nutzer, %2 Artikel.</translation>
    </message>
    <message>
        <source>Loading cancelled.</source>
        <translation>Laden abgebrochen.</translation>
    </message>
    <message>
        <source>Cannot load the data: %1</source>
        <translation>Die Daten können nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 users · %3 items · %4 training interactions (density %5%)&lt;br&gt;validation %6 · test %7 (%8 users) · balanced test %9 (%10 users)&lt;br&gt;%11 items per user on average · the most popular 20% of items get %12% of the interactions · %13 items without training interactions</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 Nutzer · %3 Artikel · %4 Trainingsinteraktionen (Dichte %5%)&lt;br&gt;Validierung %6 · Test %7 (%8 Nutzer) · ausgewogener Test %9 (%10 Nutzer)&lt;br&gt;%11 Artikel pro Nutzer im Mittel · die beliebtesten 20% der Artikel erhalten %12% der Interaktionen · %13 Artikel ohne Trainingsinteraktionen</translation>
    </message>
    <message>
        <source>interactions per item</source>
        <translation>Interaktionen pro Artikel</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>Training läuft…</translation>
    </message>
    <message>
        <source>Train %1</source>
        <translation>%1 trainieren</translation>
    </message>
    <message>
        <source>Trained: %1</source>
        <translation>Trainiert: %1</translation>
    </message>
    <message>
        <source>Training cancelled.</source>
        <translation>Training abgebrochen.</translation>
    </message>
    <message>
        <source>Training failed: %1</source>
        <translation>Training fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>validation NDCG@20</source>
        <translation>Validierungs-NDCG@20</translation>
    </message>
    <message>
        <source>Re-rank</source>
        <translation>Neu ordnen</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation>Ausgewogen</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>Recall</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Präzision</translation>
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
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Gini</source>
        <translation>Gini</translation>
    </message>
    <message>
        <source>Tail %</source>
        <translation>Tail-Anteil %</translation>
    </message>
    <message>
        <source>base (γ = β = 0)</source>
        <translation>Basis (γ = β = 0)</translation>
    </message>
    <message>
        <source>γ = %1, β = %2</source>
        <translation>γ = %1, β = %2</translation>
    </message>
    <message>
        <source>Re-ranked %1 users in %2 ms: Recall@20 %3, NDCG@20 %4, ARP@20 %5</source>
        <translation>%1 Nutzer in %2 ms neu geordnet: Recall@20 %3, NDCG@20 %4, ARP@20 %5</translation>
    </message>
    <message>
        <source>Cannot store the knobs: %1</source>
        <translation>Die Regler können nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Trade-off curve</source>
        <translation>Abwägungskurve</translation>
    </message>
    <message>
        <source>test, γ = %1, β from 0 to −1</source>
        <translation>Test, γ = %1, β von 0 bis −1</translation>
    </message>
    <message>
        <source>balanced test</source>
        <translation>ausgewogener Test</translation>
    </message>
    <message>
        <source>No user “%1” in this dataset.</source>
        <translation>Kein Nutzer „%1“ in diesem Datensatz.</translation>
    </message>
    <message>
        <source>User %1: %2 training items, %3 test items. %4: ARP of the top-%5 %6 → %7, mean PP %8 → %9, test hits %10 → %11.</source>
        <translation>Nutzer %1: %2 Trainingsartikel, %3 Testartikel. %4: ARP der Top-%5 %6 → %7, mittlere PP %8 → %9, Testtreffer %10 → %11.</translation>
    </message>
    <message>
        <source>User %1: %2 training items, %3 test items. Train a model to see recommendations.</source>
        <translation>Nutzer %1: %2 Trainingsartikel, %3 Testartikel. Trainieren Sie ein Modell, um Empfehlungen zu sehen.</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Nutzer</translation>
    </message>
    <message>
        <source>Jaccard</source>
        <translation>Jaccard</translation>
    </message>
    <message>
        <source>Shared items</source>
        <translation>Gemeinsame Artikel</translation>
    </message>
    <message>
        <source>Run %1 has no trained model to show.</source>
        <translation>Lauf %1 hat kein trainiertes Modell zum Anzeigen.</translation>
    </message>
    <message>
        <source>Run %1 kept no model.</source>
        <translation>Lauf %1 hat kein Modell behalten.</translation>
    </message>
    <message>
        <source>Restore model</source>
        <translation>Modell wiederherstellen</translation>
    </message>
    <message>
        <source>Cannot restore the model: %1</source>
        <translation>Das Modell kann nicht wiederhergestellt werden: %1</translation>
    </message>
    <message>
        <source>Cannot show run %1: %2</source>
        <translation>Lauf %1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <source>Debiased Recommendation</source>
        <translation>Entzerrte Empfehlung</translation>
    </message>
    <message>
        <source>ARP / accuracy trade-off (press Trade-off Curve)</source>
        <translation>ARP / Genauigkeit im Abgleich (Abgleichskurve drücken)</translation>
    </message>
    <message>
        <source>user</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>item</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <source>rating</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>timestamp</source>
        <translation>Zeitstempel</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>Columns read: %1</source>
        <translation>Gelesene Spalten: %1</translation>
    </message>
    <message>
        <source>%1 rows repeat a (user, item) pair seen before: each pair is one interaction, at its latest timestamp.</source>
        <translation>%1 Zeilen wiederholen ein bereits gesehenes Paar (Benutzer, Artikel): jedes Paar ist eine Interaktion, mit seinem letzten Zeitstempel.</translation>
    </message>
    <message>
        <source>Run %1, with the data and the model already loaded.</source>
        <translation>Lauf %1, mit den bereits geladenen Daten und dem Modell.</translation>
    </message>
    <message>
        <source>Loading the data run %1 was trained on…</source>
        <translation>Die Daten, auf denen Lauf %1 trainiert wurde, werden geladen…</translation>
    </message>
    <message>
        <source>Restoring the model of run %1…</source>
        <translation>Das Modell von Lauf %1 wird wiederhergestellt…</translation>
    </message>
    <message>
        <source>Run %1 restored.</source>
        <translation>Lauf %1 wiederhergestellt.</translation>
    </message>
    <message>
        <source>Architecture:</source>
        <translation>Architektur:</translation>
    </message>
</context>
<context>
    <name>vantage::gui::ReportDialog</name>
    <message>
        <source>HTML report (*.html);;PDF report (*.pdf);;CSV and JSON, zipped (*.zip);;CSV and JSON folder (*)</source>
        <translation>HTML-Bericht (*.html);;PDF-Bericht (*.pdf);;CSV und JSON, gezippt (*.zip);;CSV- und JSON-Ordner (*)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Selected in the Browser</source>
        <translation>Im Browser ausgewählte</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Titel:</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation>&amp;Datei:</translation>
    </message>
    <message>
        <source>Runs in the report:</source>
        <translation>Läufe im Bericht:</translation>
    </message>
    <message>
        <source>%1 of %2 runs</source>
        <translation>%1 von %2 Läufen</translation>
    </message>
</context>
<context>
    <name>vantage::gui::ReportExport</name>
    <message>
        <source>[an image that cannot be drawn]</source>
        <translation>[ein Bild, das nicht gezeichnet werden kann]</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF writer could not start</source>
        <translation>%1 kann nicht geschrieben werden: der PDF-Writer konnte nicht starten</translation>
    </message>
    <message>
        <source>Vantage report: %1</source>
        <translation>Vantage-Bericht: %1</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be finished</source>
        <translation>%1 kann nicht geschrieben werden: das PDF konnte nicht fertiggestellt werden</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot export the report: %1</source>
        <translation>Der Bericht kann nicht exportiert werden: %1</translation>
    </message>
</context>
<context>
    <name>vantage::gui::SessionBrowser</name>
    <message>
        <source>All engines</source>
        <translation>Alle Engines</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Search runs</source>
        <translation>Läufe durchsuchen</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n run(s)</source>
        <translation>
            <numerusform>%1 von %n Lauf</numerusform>
            <numerusform>%1 von %n Läufen</numerusform>
        </translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Tags…</source>
        <translation>Schlagwörter…</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Run(s)</source>
        <translation>
            <numerusform>%n Lauf löschen</numerusform>
            <numerusform>%n Läufe löschen</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
</context>
<context>
    <name>vantage::gui::SessionRunsModel</name>
    <message>
        <source>Frontier</source>
        <translation>Front</translation>
    </message>
    <message>
        <source>Elastic training</source>
        <translation>Elastisches Training</translation>
    </message>
    <message>
        <source>GNN evaluation</source>
        <translation>GNN-Auswertung</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <source>search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>frontier</source>
        <translation>Front</translation>
    </message>
    <message>
        <source>pick</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>train</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>generate</source>
        <translation>Erzeugung</translation>
    </message>
    <message>
        <source>partition</source>
        <translation>Zerlegung</translation>
    </message>
    <message>
        <source>evaluate</source>
        <translation>Auswertung</translation>
    </message>
    <message>
        <source>similar</source>
        <translation>Ähnliche</translation>
    </message>
    <message>
        <source>re-rank</source>
        <translation>Neuordnung</translation>
    </message>
    <message>
        <source>knobs</source>
        <translation>Regler</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>calibrate</source>
        <translation>kalibrieren</translation>
    </message>
    <message>
        <source>run strategy</source>
        <translation>Strategie ausgeführt</translation>
    </message>
    <message>
        <source>validate</source>
        <translation>Prüfung</translation>
    </message>
</context>
<context>
    <name>vantage::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Default Session Folder</source>
        <translation>Standardordner für Sitzungen</translation>
    </message>
    <message>
        <source>Follows the system (colours and style of your desktop)</source>
        <translation>Folgt dem System (Farben und Stil Ihres Desktops)</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>A new language applies the next time Vantage starts.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von Vantage.</translation>
    </message>
    <message>
        <source>Default session &amp;folder:</source>
        <translation>Standard-Sitzungs&amp;ordner:</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>Erscheinungsbild:</translation>
    </message>
    <message>
        <source>The session folder “%1” does not exist.</source>
        <translation>Der Sitzungsordner „%1“ existiert nicht.</translation>
    </message>
</context>
<context>
    <name>vantage::gui::WelcomePage</name>
    <message>
        <source>New Session…</source>
        <translation>Neue Sitzung…</translation>
    </message>
    <message>
        <source>Open Session…</source>
        <translation>Sitzung öffnen…</translation>
    </message>
    <message>
        <source>Cannot read the session: %1</source>
        <translation>Die Sitzung kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;File: &lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;Datei: &lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;This session has no runs yet. Pick an engine&apos;s tab above to start one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Sitzung hat noch keine Läufe. Wählen Sie oben den Reiter einer Engine, um einen zu starten.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open the Demo Session</source>
        <translation>Demo-Sitzung öffnen</translation>
    </message>
    <message>
        <source>A session with a run of every engine, made on first use</source>
        <translation>Eine Sitzung mit einem Lauf jeder Engine, beim ersten Öffnen erstellt</translation>
    </message>
    <message>
        <source>No recent sessions yet.</source>
        <translation>Noch keine zuletzt geöffneten Sitzungen.</translation>
    </message>
    <message>
        <source>Recent sessions</source>
        <translation>Zuletzt geöffnete Sitzungen</translation>
    </message>
    <message>
        <source>First steps</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>Dokumentation</translation>
    </message>
    <message>
        <source>Unsaved work from %1</source>
        <translation>Ungesicherte Arbeit vom %1</translation>
    </message>
    <message>
        <source>Left by an earlier start that did not end normally: open it to save it or to discard it</source>
        <translation>Von einem früheren Start hinterlassen, der nicht normal endete: öffnen, um sie zu speichern oder zu verwerfen</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Split a model over devices&lt;/b&gt; on &lt;a href=&apos;page:ft&apos;&gt;%1&lt;/a&gt;: pick a model (or an op graph exported from PyTorch) and a cluster, press Search, click a point of a frontier to see its strategy, and export it.</source>
        <translation>&lt;b&gt;Ein Modell auf Geräte aufteilen&lt;/b&gt; auf &lt;a href=&apos;page:ft&apos;&gt;%1&lt;/a&gt;: ein Modell (oder einen aus PyTorch exportierten Operatorgraphen) und einen Cluster wählen, „Front suchen“ drücken, einen Punkt einer Front anklicken, um seine Strategie zu sehen, und sie exportieren.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Train with workers that come and go&lt;/b&gt; on &lt;a href=&apos;page:edl&apos;&gt;%1&lt;/a&gt;: start a job, then add or remove workers while it trains; the job goes on if you close the window.</source>
        <translation>&lt;b&gt;Mit kommenden und gehenden Workern trainieren&lt;/b&gt; auf &lt;a href=&apos;page:edl&apos;&gt;%1&lt;/a&gt;: einen Job starten, dann während des Trainings Worker hinzufügen oder entfernen; der Job läuft weiter, wenn das Fenster geschlossen wird.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Evaluate a GNN layer by layer&lt;/b&gt; on &lt;a href=&apos;page:dgi&apos;&gt;%1&lt;/a&gt;: choose a graph and a model (a built-in one or your TorchScript file), see how it is cut into layers, and compare with node-wise evaluation.</source>
        <translation>&lt;b&gt;Ein GNN Schicht für Schicht auswerten&lt;/b&gt; auf &lt;a href=&apos;page:dgi&apos;&gt;%1&lt;/a&gt;: einen Graphen und ein Modell (ein eingebautes oder Ihre TorchScript-Datei) wählen, sehen, wie es in Schichten zerlegt wird, und mit der knotenweisen Auswertung vergleichen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Debias a recommender&lt;/b&gt; on &lt;a href=&apos;page:ppac&apos;&gt;%1&lt;/a&gt;: load a dataset, train, then move the sliders and see how popularity bias changes, user by user.</source>
        <translation>&lt;b&gt;Eine Empfehlung entzerren&lt;/b&gt; auf &lt;a href=&apos;page:ppac&apos;&gt;%1&lt;/a&gt;: einen Datensatz laden, trainieren, dann die Regler bewegen und sehen, wie sich die Popularitätsverzerrung ändert, Nutzer für Nutzer.</translation>
    </message>
    <message>
        <source>Every run is kept in the session file. File › Export Report writes the runs as HTML, PDF or CSV. Drop a session (.vantage), an op graph (.json) or a TorchScript model (.pt) onto the window to open it.</source>
        <translation>Jeder Lauf wird in der Sitzungsdatei aufbewahrt. Datei › Bericht exportieren schreibt die Läufe als HTML, PDF oder CSV. Ziehen Sie eine Sitzung (.vantage), einen Operatorgraphen (.json) oder ein TorchScript-Modell (.pt) auf das Fenster, um sie zu öffnen.</translation>
    </message>
    <message>
        <source>The guides are in the &lt;code&gt;docs/&lt;/code&gt; folder of Vantage&apos;s source: ft.md, edl.md, dgi.md and ppac.md.</source>
        <translation>Die Anleitungen liegen im Ordner &lt;code&gt;docs/&lt;/code&gt; der Quellen von Vantage: ft.md, edl.md, dgi.md und ppac.md.</translation>
    </message>
    <message>
        <source>Parallelization frontiers (FT)</source>
        <translation>Parallelisierungsfronten (FT)</translation>
    </message>
    <message>
        <source>Elastic training (EDL)</source>
        <translation>Elastisches Training (EDL)</translation>
    </message>
    <message>
        <source>Layer-wise GNN evaluation (DGI)</source>
        <translation>Schichtweise GNN-Auswertung (DGI)</translation>
    </message>
    <message>
        <source>Debiased recommendation (PPAC)</source>
        <translation>Entzerrte Empfehlung (PPAC)</translation>
    </message>
    <message>
        <source>All guides: &lt;a href=&apos;doc:&apos;&gt;%1&lt;/a&gt;</source>
        <translation>Alle Anleitungen: &lt;a href=&apos;doc:&apos;&gt;%1&lt;/a&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;This session has no file name yet: its runs are kept until you quit, and you are asked whether to save them. File › Save As names it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Sitzung hat noch keinen Dateinamen: Ihre Läufe bleiben bis zum Beenden erhalten, dann werden Sie gefragt, ob sie gespeichert werden sollen. Datei › Speichern unter gibt ihr einen Namen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Welcome to Vantage</source>
        <translation>Willkommen bei Vantage</translation>
    </message>
    <message>
        <source>A session is one file (*.vantage) that keeps every run: its inputs, results, charts and exports. Create one, open one, or start on an engine&apos;s tab: the work is kept in an untitled session until you save it.</source>
        <translation>Eine Sitzung ist eine Datei (*.vantage), die jeden Lauf aufbewahrt: seine Eingaben, Ergebnisse, Diagramme und Exporte. Legen Sie eine an, öffnen Sie eine, oder beginnen Sie auf dem Reiter einer Engine: die Arbeit bleibt in einer unbenannten Sitzung, bis Sie sie speichern.</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>Unbenannte Sitzung</translation>
    </message>
</context>
<context>
    <name>vantage::report</name>
    <message>
        <source>Frontiers</source>
        <translation>Fronten</translation>
    </message>
    <message>
        <source>Time / memory frontier</source>
        <translation>Zeit-/Speicher-Front</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>Batch %1</translation>
    </message>
    <message>
        <source>Time per iteration (ms)</source>
        <translation>Zeit pro Iteration (ms)</translation>
    </message>
    <message>
        <source>Memory per device (GiB)</source>
        <translation>Speicher pro Gerät (GiB)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln Gerät</numerusform>
            <numerusform>%Ln Geräte</numerusform>
        </translation>
    </message>
    <message>
        <source>device memory (%1)</source>
        <translation>Gerätespeicher (%1)</translation>
    </message>
    <message>
        <source>Each frontier joins the strategies that no other strategy beats in both time and memory, one colour per device count. Baselines are single markers, one shape per baseline, in the colour of their device count.</source>
        <translation>Jede Front verbindet die Strategien, die keine andere in Zeit und Speicher zugleich schlägt, eine Farbe je Geräteanzahl. Vergleichsverfahren sind einzelne Marker, eine Form je Verfahren, in der Farbe ihrer Geräteanzahl.</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>Strategies</source>
        <translation>Strategien</translation>
    </message>
    <message>
        <source>Search time</source>
        <translation>Suchzeit</translation>
    </message>
    <message>
        <source>Fastest: time</source>
        <translation>Schnellste: Zeit</translation>
    </message>
    <message>
        <source>Fastest: memory</source>
        <translation>Schnellste: Speicher</translation>
    </message>
    <message>
        <source>Least memory</source>
        <translation>Geringster Speicher</translation>
    </message>
    <message>
        <source>Least memory: time</source>
        <translation>Geringster Speicher: Zeit</translation>
    </message>
    <message>
        <source>no strategy found</source>
        <translation>keine Strategie gefunden</translation>
    </message>
    <message>
        <source>Baselines</source>
        <translation>Vergleichsverfahren</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Vergleichsverfahren</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Time / fastest</source>
        <translation>Zeit / schnellste</translation>
    </message>
    <message>
        <source>Fastest strategies per device count</source>
        <translation>Schnellste Strategien je Geräteanzahl</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>%1 more points are in frontier.csv of the CSV export.</source>
        <translation>%1 weitere Punkte stehen in frontier.csv des CSV-Exports.</translation>
    </message>
    <message>
        <source>Ranking quality and popularity bias</source>
        <translation>Rangfolgequalität und Popularitätsverzerrung</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>K = %1</source>
        <translation>K = %1</translation>
    </message>
    <message>
        <source>full</source>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>balanced</source>
        <translation>ausgewogen</translation>
    </message>
    <message>
        <source>Users evaluated</source>
        <translation>Ausgewertete Nutzer</translation>
    </message>
    <message>
        <source>“full” ranks over every test interaction; “balanced” weighs items so that popular and unpopular items count alike (the debiased view). ARP is the average popularity of the recommended items: lower means less popularity bias.</source>
        <translation>„vollständig“ reiht über jede Testinteraktion; „ausgewogen“ gewichtet Items so, dass populäre und unpopuläre gleich zählen (die entzerrte Sicht). ARP ist die mittlere Popularität der empfohlenen Items: niedriger heißt weniger Popularitätsverzerrung.</translation>
    </message>
    <message>
        <source>Scale events</source>
        <translation>Skalierungsereignisse</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Joined</source>
        <translation>Hinzugekommen</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>Ausgeschieden</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>scale-out</source>
        <translation>Vergrößerung</translation>
    </message>
    <message>
        <source>scale-in</source>
        <translation>Verkleinerung</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Samples trained</source>
        <translation>Trainierte Samples</translation>
    </message>
    <message>
        <source>Last step time</source>
        <translation>Letzte Schrittzeit</translation>
    </message>
    <message>
        <source>Layer by layer and node by node</source>
        <translation>Schichtweise und knotenweise</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Auswertung</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>Spitzenspeicher</translation>
    </message>
    <message>
        <source>Speed-up of this run</source>
        <translation>Beschleunigung dieses Laufs</translation>
    </message>
    <message>
        <source>node by node</source>
        <translation>knotenweise</translation>
    </message>
    <message>
        <source>layer by layer</source>
        <translation>schichtweise</translation>
    </message>
    <message>
        <source>%1 (this run)</source>
        <translation>%1 (dieser Lauf)</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Edges</source>
        <translation>Kanten</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>Stapel</translation>
    </message>
    <message>
        <source>Data touched</source>
        <translation>Gelesene Daten</translation>
    </message>
    <message>
        <source>Vantage report</source>
        <translation>Vantage-Bericht</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <source>Session file</source>
        <translation>Sitzungsdatei</translation>
    </message>
    <message>
        <source>Report date</source>
        <translation>Berichtsdatum</translation>
    </message>
    <message>
        <source>Session created</source>
        <translation>Sitzung erstellt</translation>
    </message>
    <message>
        <source>Report written by</source>
        <translation>Bericht erstellt mit</translation>
    </message>
    <message>
        <source>Session created with</source>
        <translation>Sitzung erstellt mit</translation>
    </message>
    <message>
        <source>Session schema</source>
        <translation>Sitzungsschema</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>This session has no runs.</source>
        <translation>Diese Sitzung enthält keine Läufe.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>%1 more runs are not listed here. The CSV export (vantage-cli report --format csv) holds every run; a report of chosen runs (--runs) details those.</source>
        <translation>%1 weitere Läufe sind hier nicht aufgeführt. Der CSV-Export (vantage-cli report --format csv) enthält jeden Lauf; ein Bericht über ausgewählte Läufe (--runs) zeigt diese im Detail.</translation>
    </message>
    <message>
        <source>Appendix: parameters and results as stored</source>
        <translation>Anhang: Parameter und Ergebnisse wie gespeichert</translation>
    </message>
    <message>
        <source>Each run&apos;s parameters and result as the session holds them, one row per value; long lists are counted, not listed. The CSV export has them whole as JSON files.</source>
        <translation>Parameter und Ergebnis jedes Laufs, wie die Sitzung sie speichert, ein Wert pro Zeile; lange Listen werden gezählt, nicht aufgeführt. Der CSV-Export enthält sie vollständig als JSON-Dateien.</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the report&apos;s language as an HTML lang code</comment>
        <translation>de</translation>
    </message>
    <message>
        <source>The report details the first %1 of %2 runs; the CSV export holds the parameters, results and series of every run.</source>
        <translation>Der Bericht zeigt die ersten %1 von %2 Läufen im Detail; der CSV-Export enthält Parameter, Ergebnisse und Reihen jedes Laufs.</translation>
    </message>
    <message>
        <source>Generated by Vantage %1 on %2 from %3.</source>
        <translation>Erstellt von Vantage %1 am %2 aus %3.</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <source>Recorded result</source>
        <translation>Aufgezeichnetes Ergebnis</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>%1 more values are in %2 of the CSV export.</source>
        <translation>%1 weitere Werte stehen in %2 des CSV-Exports.</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Reihe</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Letzter</translation>
    </message>
    <message>
        <source>Lowest</source>
        <translation>Niedrigster</translation>
    </message>
    <message>
        <source>Highest</source>
        <translation>Höchster</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Over time</source>
        <translation>Im Verlauf</translation>
    </message>
    <message>
        <source>Artifacts</source>
        <translation>Artefakte</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>%1 is too large to embed (%2).</source>
        <translation>%1 ist zu groß zum Einbetten (%2).</translation>
    </message>
    <message>
        <source>Run %1 · %2</source>
        <translation>Lauf %1 · %2</translation>
    </message>
    <message>
        <source>The stored frontiers cannot be read: %1</source>
        <translation>Die gespeicherten Fronten können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Parameters and results as stored: see the appendix.</source>
        <translation>Parameter und Ergebnisse wie gespeichert: siehe Anhang.</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>No parameters were recorded.</source>
        <translation>Es wurden keine Parameter aufgezeichnet.</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>Der Lauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Time / memory frontiers</source>
        <translation>Zeit-/Speicher-Fronten</translation>
    </message>
    <message>
        <source>Memory per device (GB)</source>
        <translation>Speicher pro Gerät (GB)</translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation>Samples pro Sekunde</translation>
    </message>
    <message>
        <source>Workers over time</source>
        <translation>Worker im Verlauf</translation>
    </message>
    <message>
        <source>Step time per worker</source>
        <translation>Schrittzeit je Worker</translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation>Schrittzeit (ms)</translation>
    </message>
    <message>
        <source>Time per layer</source>
        <translation>Zeit pro Schicht</translation>
    </message>
    <message>
        <source>Layer (0 = first)</source>
        <translation>Schicht (0 = erste)</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>Zeit (ms)</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>Time per epoch</source>
        <translation>Zeit pro Epoche</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>Validation metrics</source>
        <translation>Validierungsmetriken</translation>
    </message>
    <message>
        <source>Metric value</source>
        <translation>Metrikwert</translation>
    </message>
    <message>
        <source>%1 (s)</source>
        <translation>%1 (s)</translation>
    </message>
    <message>
        <source>%1 (GiB)</source>
        <translation>%1 (GiB)</translation>
    </message>
    <message>
        <source>user&apos;s</source>
        <translation>eigenen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s)</source>
        <translation>
            <numerusform>%Ln Schritt</numerusform>
            <numerusform>%Ln Schritte</numerusform>
        </translation>
    </message>
    <message>
        <source>Elastic data-parallel job of the %1 trainer: %2 in %3 over %4.</source>
        <translation>Elastischer datenparalleler Auftrag mit dem Trainer %1: %2 in %3 über %4.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln epoch(s)</source>
        <translation>
            <numerusform>%Ln Epoche</numerusform>
            <numerusform>%Ln Epochen</numerusform>
        </translation>
    </message>
    <message>
        <source>Elastic data-parallel job of the %1 trainer: %2 over %3.</source>
        <translation>Elastischer datenparalleler Auftrag mit dem Trainer %1: %2 über %3.</translation>
    </message>
    <message>
        <source>Final loss: %1.</source>
        <translation>Endverlust: %1.</translation>
    </message>
    <message>
        <source>Throughput at the end: %1 samples/s.</source>
        <translation>Durchsatz am Ende: %1 Samples/s.</translation>
    </message>
    <message>
        <source>The job ended as %1: %2</source>
        <translation>Der Auftrag endete als %1: %2</translation>
    </message>
    <message>
        <source>Trainer</source>
        <translation>Trainer</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>Epochen</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>Trainingszeit</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>Endverlust</translation>
    </message>
    <message>
        <source>Throughput at the end</source>
        <translation>Durchsatz am Ende</translation>
    </message>
    <message>
        <source>%1 samples/s</source>
        <translation>%1 Samples/s</translation>
    </message>
    <message>
        <source>Every sample was trained on exactly once.</source>
        <translation>Jedes Sample wurde genau einmal trainiert.</translation>
    </message>
    <message>
        <source>Not every sample was trained on exactly once (see the ledger).</source>
        <translation>Nicht jedes Sample wurde genau einmal trainiert (siehe das Datenbuch).</translation>
    </message>
    <message>
        <source>The workers&apos; model replicas were equal at every check.</source>
        <translation>Die Modellkopien der Worker waren bei jeder Prüfung gleich.</translation>
    </message>
    <message>
        <source>The workers&apos; model replicas differed at a check.</source>
        <translation>Die Modellkopien der Worker wichen bei einer Prüfung voneinander ab.</translation>
    </message>
    <message>
        <source>%1 workers throughout, no scale events.</source>
        <translation>Durchgehend %1 Worker, keine Skalierungsereignisse.</translation>
    </message>
    <message>
        <source>Workers: %1 at the start, %2 at the end, %3 at most; %4 (%5 out, %6 in), each pausing training for %7 on average.</source>
        <translation>Worker: %1 am Anfang, %2 am Ende, höchstens %3; %4 (%5 hinzu, %6 entfernt), die das Training im Mittel je %7 anhielten.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln scale event(s)</source>
        <translation>
            <numerusform>%Ln Skalierungsereignis</numerusform>
            <numerusform>%Ln Skalierungsereignisse</numerusform>
        </translation>
    </message>
    <message>
        <source>Workers at the start</source>
        <translation>Worker am Anfang</translation>
    </message>
    <message>
        <source>Workers at the end</source>
        <translation>Worker am Ende</translation>
    </message>
    <message>
        <source>Workers at most</source>
        <translation>Höchstens Worker</translation>
    </message>
    <message>
        <source>%1 (%2 out, %3 in)</source>
        <translation>%1 (%2 hinzu, %3 entfernt)</translation>
    </message>
    <message>
        <source>Mean pause per scale event</source>
        <translation>Mittlere Pause je Skalierungsereignis</translation>
    </message>
    <message>
        <source>%1 evaluated %2 over the graph %3 (%4 nodes, %5 edges) in %6.</source>
        <translation>%1 %2 auf dem Graphen %3 (%4 Knoten, %5 Kanten) in %6 ausgewertet.</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>Das Modell</translation>
    </message>
    <message>
        <source>Peak memory: %1 resident, %2 of layer outputs held in memory.</source>
        <translation>Spitzenspeicher: %1 resident, %2 Schichtausgaben im Speicher.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Peak memory (resident)</source>
        <translation>Spitzenspeicher (resident)</translation>
    </message>
    <message>
        <source>Evaluated %1, the same model took %2: %3 is %4× as fast; the outputs differ by at most %5.</source>
        <translation>%1 ausgewertet brauchte dasselbe Modell %2: %3 ist %4-mal so schnell; die Ausgaben weichen um höchstens %5 ab.</translation>
    </message>
    <message>
        <source>Time %1</source>
        <translation>Zeit %1</translation>
    </message>
    <message>
        <source>Speed-up over %1</source>
        <translation>Beschleunigung gegenüber %1</translation>
    </message>
    <message>
        <source>%1 cut into %2 with %3.</source>
        <translation>%1 in %2 mit %3 zerlegt.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln layer(s)</source>
        <translation>
            <numerusform>%Ln Schicht</numerusform>
            <numerusform>%Ln Schichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln node tensor(s)</source>
        <translation>
            <numerusform>%Ln Knotentensor</numerusform>
            <numerusform>%Ln Knotentensoren</numerusform>
        </translation>
    </message>
    <message>
        <source>On %1 nodes the layer outputs alive at once take at most %2.</source>
        <translation>Bei %1 Knoten belegen die gleichzeitig lebenden Schichtausgaben höchstens %2.</translation>
    </message>
    <message>
        <source>Node tensors</source>
        <translation>Knotentensoren</translation>
    </message>
    <message>
        <source>Peak memory of layer outputs</source>
        <translation>Spitzenspeicher der Schichtausgaben</translation>
    </message>
    <message>
        <source>%1 trained for %2 in %3 (best epoch %4).</source>
        <translation>%1 trainiert über %2 in %3 (beste Epoche %4).</translation>
    </message>
    <message>
        <source>At K = %1 on the full test set: Recall %2, NDCG %3.</source>
        <translation>Bei K = %1 auf der vollständigen Testmenge: Recall %2, NDCG %3.</translation>
    </message>
    <message>
        <source>On the popularity-balanced test set (the debiased view): Recall %1, NDCG %2.</source>
        <translation>Auf der nach Popularität ausgewogenen Testmenge (die entzerrte Sicht): Recall %1, NDCG %2.</translation>
    </message>
    <message>
        <source>Popularity bias at K = %1: average recommended popularity (ARP) %2, Gini %3, long-tail share %4.</source>
        <translation>Popularitätsverzerrung bei K = %1: mittlere empfohlene Popularität (ARP) %2, Gini %3, Long-Tail-Anteil %4.</translation>
    </message>
    <message>
        <source>Recall@%1, full</source>
        <translation>Recall@%1, vollständig</translation>
    </message>
    <message>
        <source>Recall@%1, balanced</source>
        <translation>Recall@%1, ausgewogen</translation>
    </message>
    <message>
        <source>NDCG@%1, full</source>
        <translation>NDCG@%1, vollständig</translation>
    </message>
    <message>
        <source>NDCG@%1, balanced</source>
        <translation>NDCG@%1, ausgewogen</translation>
    </message>
    <message>
        <source>ARP@%1, full</source>
        <translation>ARP@%1, vollständig</translation>
    </message>
    <message>
        <source>Ranked with γ = %1 and β = %2: no popularity re-ranking.</source>
        <translation>Gereiht mit γ = %1 und β = %2: keine Umreihung nach Popularität.</translation>
    </message>
    <message>
        <source>Ranked with the debiasing knobs γ = %1 and β = %2.</source>
        <translation>Gereiht mit den Entzerrungsparametern γ = %1 und β = %2.</translation>
    </message>
    <message>
        <source>Debiasing knobs</source>
        <translation>Entzerrungsparameter</translation>
    </message>
    <message>
        <source>γ = %1, β = %2</source>
        <translation>γ = %1, β = %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln strategy(s)</source>
        <translation>
            <numerusform>%Ln Strategie</numerusform>
            <numerusform>%Ln Strategien</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (batch %2) on the %3 cluster: %4 on the time / memory frontiers for %5 devices, found in %6.</source>
        <translation>%1 (Batch %2) auf dem Cluster %3: %4 auf den Zeit-/Speicher-Fronten für %5 Geräte, gefunden in %6.</translation>
    </message>
    <message>
        <source>The fastest strategy that fits in device memory (%1) takes %2 per iteration and %3 per device on %4 devices.</source>
        <translation>Die schnellste Strategie, die in den Gerätespeicher (%1) passt, braucht %2 pro Iteration und %3 pro Gerät auf %4 Geräten.</translation>
    </message>
    <message>
        <source>No strategy fits in device memory (%1) on any device count: the one that needs least takes %2 per device on %3 devices. More devices or a smaller batch would lower it.</source>
        <translation>Bei keiner Geräteanzahl passt eine Strategie in den Gerätespeicher (%1): Die sparsamste braucht %2 pro Gerät auf %3 Geräten. Mehr Geräte oder ein kleinerer Batch würden das senken.</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Memory per device</source>
        <translation>Speicher pro Gerät</translation>
    </message>
    <message>
        <source>Device counts</source>
        <translation>Geräteanzahlen</translation>
    </message>
    <message>
        <source>Strategies on the frontiers</source>
        <translation>Strategien auf den Fronten</translation>
    </message>
    <message>
        <source>Fastest strategy that fits: time per iteration</source>
        <translation>Schnellste passende Strategie: Zeit pro Iteration</translation>
    </message>
    <message>
        <source>Fastest strategy that fits: memory per device</source>
        <translation>Schnellste passende Strategie: Speicher pro Gerät</translation>
    </message>
    <message>
        <source>Fastest strategy that fits: devices</source>
        <translation>Schnellste passende Strategie: Geräte</translation>
    </message>
    <message>
        <source>Fastest strategy that fits</source>
        <translation>Schnellste passende Strategie</translation>
    </message>
    <message>
        <source>none fits</source>
        <translation>keine passt</translation>
    </message>
    <message>
        <source>Strategy %1</source>
        <translation>Strategie %1</translation>
    </message>
    <message>
        <source>The strategy</source>
        <translation>Die Strategie</translation>
    </message>
    <message>
        <source>%1 of search run %2</source>
        <translation>%1 aus Suchlauf %2</translation>
    </message>
    <message>
        <source>%1 for %2 on %3 devices: %4 per iteration, %5 per device.</source>
        <translation>%1 für %2 auf %3 Geräten: %4 pro Iteration, %5 pro Gerät.</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>das Modell</translation>
    </message>
    <message>
        <source>It fits in device memory (%1).</source>
        <translation>Sie passt in den Gerätespeicher (%1).</translation>
    </message>
    <message>
        <source>It does not fit in device memory (%1).</source>
        <translation>Sie passt nicht in den Gerätespeicher (%1).</translation>
    </message>
    <message>
        <source>Time per iteration</source>
        <translation>Zeit pro Iteration</translation>
    </message>
    <message>
        <source>Fits in device memory</source>
        <translation>Passt in den Gerätespeicher</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Time: compute</source>
        <translation>Zeit: Rechnen</translation>
    </message>
    <message>
        <source>Time: gradient all-reduce</source>
        <translation>Zeit: Gradienten-All-Reduce</translation>
    </message>
    <message>
        <source>Time: repartitioning</source>
        <translation>Zeit: Umverteilung</translation>
    </message>
    <message>
        <source>Memory: weights</source>
        <translation>Speicher: Gewichte</translation>
    </message>
    <message>
        <source>Memory: gradients</source>
        <translation>Speicher: Gradienten</translation>
    </message>
    <message>
        <source>Memory: optimizer state</source>
        <translation>Speicher: Optimiererzustand</translation>
    </message>
    <message>
        <source>Memory: activations</source>
        <translation>Speicher: Aktivierungen</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ChartView</name>
    <message>
        <source>Cannot write “%1”.</source>
        <translation>„%1“ kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>Als PNG speichern…</translation>
    </message>
    <message>
        <source>Save Chart</source>
        <translation>Diagramm speichern</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation>Als SVG speichern…</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG-Bilder (*.svg)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Reset View</source>
        <translation>Ansicht zurücksetzen</translation>
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
        <translation>Vergleichsverfahren</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>Fastest within budget</source>
        <translation>Schnellste im Budget</translation>
    </message>
    <message>
        <source>Picked</source>
        <translation>Gewählt</translation>
    </message>
    <message>
        <source>Logarithmic axis: %1</source>
        <translation>Logarithmische Achse: %1</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ProgressArea</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>%1: cancelling…</source>
        <translation>%1: wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%p% · %1</source>
        <translation>%p% · %1</translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>noch etwa %1 s</translation>
    </message>
    <message>
        <source>about %1 min left</source>
        <translation>noch etwa %1 min</translation>
    </message>
    <message>
        <source>about %1 h left</source>
        <translation>noch etwa %1 h</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::SvgView</name>
    <message>
        <source>Fit to View</source>
        <translation>An Ansicht anpassen</translation>
    </message>
    <message>
        <source>Actual Size</source>
        <translation>Originalgröße</translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation>Als SVG speichern…</translation>
    </message>
    <message>
        <source>Save Drawing</source>
        <translation>Zeichnung speichern</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG-Bilder (*.svg)</translation>
    </message>
    <message>
        <source>There is no drawing to save.</source>
        <translation>Es gibt keine Zeichnung zum Speichern.</translation>
    </message>
    <message>
        <source>Cannot write “%1”.</source>
        <translation>„%1“ kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>The DOT source of this drawing is not available.</source>
        <translation>Die DOT-Quelle dieser Zeichnung ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>Cannot write “%1”: %2</source>
        <translation>„%1“ kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>Als PNG speichern…</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Save as DOT…</source>
        <translation>Als DOT speichern…</translation>
    </message>
    <message>
        <source>Graphviz DOT (*.dot *.gv)</source>
        <translation>Graphviz-DOT (*.dot *.gv)</translation>
    </message>
    <message>
        <source>Whole Drawing</source>
        <translation>Ganze Zeichnung</translation>
    </message>
</context>
</TS>
