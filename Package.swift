// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Bindings",
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
    .executableTarget(name: "Tour", dependencies: ["Bindings"], path: "Playgrounds"),
    .testTarget(name: "BindingsTests", dependencies: ["Bindings", "BindingsTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
