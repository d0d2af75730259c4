// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so that the library keeps zero dependencies. It consumes the library as a
// separate module, the way an app does, and runs each scenario three times in one process:
// ours, OpenCombine (the peer), and a plain-closure floor.
let package = Package(
  name: "BindingsBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "Bindings", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "BindingsBenchmarks",
      dependencies: [
        .product(name: "Bindings", package: "Bindings"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/BindingsBenchmarks",
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")],
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ],
  swiftLanguageModes: [.v6]
)
