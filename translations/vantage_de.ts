<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="de_DE">
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
        <translation type="unfinished" />
    </message>
    <message>
        <source>give at least one device count</source>
        <translation type="unfinished" />
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
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n device(s)</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device(s): %1 strategies in %2</source>
        <translation type="unfinished">
            <numerusform />
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
        <translation>Art</translation>
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
        <source>Finish or cancel the running job before switching sessions.</source>
        <translation>Beenden oder abbrechen Sie den laufenden Auftrag, bevor Sie die Sitzung wechseln.</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) had been interrupted and are now marked failed.</source>
        <translation><numerusform>%n Lauf war unterbrochen und ist nun als fehlgeschlagen markiert.</numerusform><numerusform>%n Läufe waren unterbrochen und sind nun als fehlgeschlagen markiert.</numerusform></translation>
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
        <source>Finish or cancel the running job first.</source>
        <translation>Beenden oder abbrechen Sie zuerst den laufenden Auftrag.</translation>
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
        <translation><numerusform>GPU-Pfad gebaut (CUDA-Laufzeit %1, NCCL %2); %n GPU sichtbar</numerusform><numerusform>GPU-Pfad gebaut (CUDA-Laufzeit %1, NCCL %2); %n GPUs sichtbar</numerusform></translation>
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
        <source>A job is still running. Cancel it and quit?</source>
        <translation>Ein Auftrag läuft noch. Abbrechen und beenden?</translation>
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
        <translation><numerusform>%n Lauf gelöscht. Bearbeiten &gt; Rückgängig holt ihn zurück.</numerusform><numerusform>%n Läufe gelöscht. Bearbeiten &gt; Rückgängig holt sie zurück.</numerusform></translation>
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
        <translation>Durchsuchen…</translation>
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
        <translation><numerusform>%n Lauf</numerusform><numerusform>%n Läufe</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n run(s)</source>
        <translation><numerusform>%1 von %n Lauf</numerusform><numerusform>%1 von %n Läufen</numerusform></translation>
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
        <translation><numerusform>%n Lauf löschen</numerusform><numerusform>%n Läufe löschen</numerusform></translation>
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
        <source>No session open</source>
        <translation>Keine Sitzung geöffnet</translation>
    </message>
    <message>
        <source>A session is one file (*.vantage) that keeps every run: its inputs, results, charts and exports. Create one or open an existing one to start.</source>
        <translation>Eine Sitzung ist eine Datei (*.vantage), die jeden Lauf festhält: Eingaben, Ergebnisse, Diagramme und Exporte. Legen Sie eine an oder öffnen Sie eine vorhandene.</translation>
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
        <source>&lt;p&gt;This session has no runs yet. Pick an engine's tab above to start one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Sitzung hat noch keine Läufe. Wählen Sie oben den Reiter einer Engine, um einen zu starten.&lt;/p&gt;</translation>
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
</context>
</TS>