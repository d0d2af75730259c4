// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Bindings",
  // Subjects keep a flag word in `Synchronization.Atomic`, which Apple platforms have from these versions on.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Bindings", targets: ["Bindings"]),
    .library(name: "BindingsTesting", targets: ["BindingsTesting"]),
    // GTK 4 widgets with reactive members. Built only with `--traits GTK` (it needs GTK's headers);
    // without the trait the module is empty and nothing of GTK is looked for.
    .library(name: "BindingsGTK", targets: ["BindingsGTK"]),
  ],
  traits: [
    .trait(name: "GTK", description: "Builds BindingsGTK against the system's GTK 4 (apt: libgtk-4-dev).")
  ],
  targets: [
    .target(
      name: "Bindings",
      swiftSettings: [
        // `Internal/Lock.swift`: on Linux and Android, a parking lock and the state it guards stored
        // inline at a stable address. Elsewhere the lock is `Synchronization.Mutex` and no unproposed
        // feature is used; a toolchain without these features builds the `Mutex` lock on Linux too.
        .enableExperimentalFeature("RawLayout", .when(platforms: [.linux, .android])),
        .enableExperimentalFeature("BuiltinModule", .when(platforms: [.linux, .android])),
      ]
    ),
    .target(name: "BindingsTesting", dependencies: ["Bindings"]),
    // The guided tour: `swift run Tour`. Its chapters are a library so that the tests can check
    // every chapter's output against the transcript the chapter states.
    .target(name: "TourChapters", dependencies: ["Bindings", "BindingsTesting"], path: "Playgrounds/Chapters"),
    .executableTarget(name: "Tour", dependencies: ["TourChapters"], path: "Playgrounds/Tour"),
    .testTarget(name: "BindingsTests", dependencies: ["Bindings", "BindingsTesting"]),
    // GTK 4 through pkg-config; its header also holds the inline shims Swift needs (CGTK.h).
    .systemLibrary(
      name: "CGTK",
      path: "Sources/CGTK",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    .target(
      name: "BindingsGTK",
      dependencies: ["Bindings", .target(name: "CGTK", condition: .when(traits: ["GTK"]))]
    ),
    // `swift run --traits GTK GTKDemo`: a small window bound to a view model (the article's example).
    .executableTarget(
      name: "GTKDemo",
      dependencies: ["Bindings", "BindingsGTK", .target(name: "CGTK", condition: .when(traits: ["GTK"]))],
      path: "Examples/GTKDemo"
    ),
    // `Benchmarks/gtk`: GTK bindings against direct GTK calls, in one run under Xvfb.
    .executableTarget(
      name: "GTKBenchmarks",
      dependencies: [
        "Bindings", "BindingsGTK", "ContactsCore", "ContactsUI", "SevenGUIsCore", "SevenGUIsUI",
        .target(name: "CGTK", condition: .when(traits: ["GTK"])),
      ],
      path: "Benchmarks/GTK"
    ),
    // The Contacts app: its view models are plain Swift (ContactsCore, tested headless in the plain
    // `swift test`); its window (ContactsUI) and `swift run --traits GTK Contacts` need GTK.
    .target(name: "ContactsCore", dependencies: ["Bindings"], path: "Examples/ContactsCore"),
    .target(
      name: "ContactsUI",
      dependencies: [
        "ContactsCore", "Bindings", "BindingsGTK", .target(name: "CGTK", condition: .when(traits: ["GTK"])),
      ],
      path: "Examples/ContactsUI"
    ),
    .executableTarget(
      name: "Contacts",
      dependencies: ["ContactsCore", "ContactsUI", "Bindings", "BindingsGTK"],
      path: "Examples/Contacts"
    ),
    .testTarget(
      name: "ContactsCoreTests",
      dependencies: ["ContactsCore", "Bindings", "BindingsTesting"],
      path: "Tests/ContactsCoreTests"
    ),
    .testTarget(
      name: "ContactsUITests",
      dependencies: ["ContactsUI", "ContactsCore", "Bindings", "BindingsGTK", "GTKTestSupport"],
      path: "Tests/ContactsUITests"
    ),
    // 7GUIs, the seven tasks of the GUI programming benchmark: view models in plain Swift
    // (SevenGUIsCore, tested headless), their windows (SevenGUIsUI) and `swift run --traits GTK SevenGUIs`.
    .target(name: "SevenGUIsCore", dependencies: ["Bindings"], path: "Examples/SevenGUIsCore"),
    .target(
      name: "SevenGUIsUI",
      dependencies: ["SevenGUIsCore", "Bindings", "BindingsGTK"],
      path: "Examples/SevenGUIsUI"
    ),
    .executableTarget(
      name: "SevenGUIs",
      dependencies: ["SevenGUIsCore", "SevenGUIsUI", "Bindings", "BindingsGTK"],
      path: "Examples/SevenGUIs",
      exclude: ["count-lines.sh", "README.md"]
    ),
    .testTarget(
      name: "SevenGUIsCoreTests",
      dependencies: ["SevenGUIsCore", "Bindings", "BindingsTesting"],
      path: "Tests/SevenGUIsCoreTests"
    ),
    .testTarget(
      name: "SevenGUIsUITests",
      dependencies: ["SevenGUIsUI", "SevenGUIsCore", "Bindings", "BindingsGTK", "GTKTestSupport"],
      path: "Tests/SevenGUIsUITests"
    ),
    // `swift run --traits GTK Monkey contacts --seconds 60`: random user actions thrown at the example
    // apps' real windows, their invariants checked after each (Tools/MonkeyEngine, tested in MonkeyTests).
    .target(
      name: "MonkeyEngine",
      dependencies: [
        "Bindings", "BindingsGTK", "ContactsCore", "ContactsUI", "SevenGUIsCore", "SevenGUIsUI",
        .target(name: "CGTK", condition: .when(traits: ["GTK"])),
      ],
      path: "Tools/MonkeyEngine"
    ),
    .executableTarget(
      name: "Monkey",
      dependencies: ["MonkeyEngine", "BindingsGTK"],
      path: "Tools/Monkey"
    ),
    .testTarget(
      name: "MonkeyTests",
      dependencies: ["MonkeyEngine", "Bindings", "BindingsGTK", "GTKTestSupport"],
      path: "Tests/MonkeyTests"
    ),
    // What the tests in real windows share (starting GTK or skipping, showing a window, reading it).
    .target(name: "GTKTestSupport", dependencies: ["Bindings", "BindingsGTK"], path: "Tests/GTKTestSupport"),
    // Tests in real windows: XCTest, because GTK must run on the process's main thread.
    .testTarget(
      name: "BindingsGTKTests",
      dependencies: ["BindingsGTK", "Bindings", "BindingsTesting", "GTKTestSupport"]
    ),
    .testTarget(name: "TourTests", dependencies: ["TourChapters", "Bindings", "BindingsTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
