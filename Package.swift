// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Bindings",
  // Subjects keep a flag word in `Synchronization.Atomic`, which Apple platforms have from these versions on.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Bindings", targets: ["Bindings"]),
    .library(name: "BindingsTesting", targets: ["BindingsTesting"]),
  ],
  targets: [
    .target(
      name: "Bindings",
      swiftSettings: [
        // `Internal/Lock.swift`: a lock and the state it guards stored inline at a stable address.
        .enableExperimentalFeature("RawLayout"),
        .enableExperimentalFeature("BuiltinModule"),
      ]
    ),
    .target(name: "BindingsTesting", dependencies: ["Bindings"]),
    // The guided tour: `swift run Tour`. Its chapters are a library so that the tests can check
    // every chapter's output against the transcript the chapter states.
    .target(name: "TourChapters", dependencies: ["Bindings", "BindingsTesting"], path: "Playgrounds/Chapters"),
    .executableTarget(name: "Tour", dependencies: ["TourChapters"], path: "Playgrounds/Tour"),
    .testTarget(name: "BindingsTests", dependencies: ["Bindings", "BindingsTesting"]),
    .testTarget(name: "TourTests", dependencies: ["TourChapters", "Bindings", "BindingsTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
