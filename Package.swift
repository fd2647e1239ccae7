// swift-tools-version:6.0
import PackageDescription

/// Settings every target shares: Swift 6 language mode comes from the tools version; these
/// add the strictness the package holds itself to.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

/// On Linux, the `URLSession` engine is compiled into debug builds only, so that the tests run
/// against it too; release builds leave FoundationNetworking (and the libcurl it links) out.
let networkingSettings =
    strictSettings + [.define("URLSESSION_ENGINE", .when(platforms: [.linux], configuration: .debug))]

let package = Package(
    name: "mvsearch",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mvsearch", targets: ["App"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "Data", targets: ["Data"]),
        .library(name: "Presentation", targets: ["Presentation"]),
    ],
    targets: [
        // Layers: each may import only what DESIGN.md §1 allows; the compiler enforces it.
        .target(name: "Networking", swiftSettings: networkingSettings),
        .target(name: "Domain", swiftSettings: strictSettings),
        .target(name: "Data", dependencies: ["Domain", "Networking"], swiftSettings: strictSettings),
        .target(name: "Presentation", dependencies: ["Domain"], swiftSettings: strictSettings),
        .executableTarget(
            name: "App",
            dependencies: ["Networking", "Domain", "Data", "Presentation"],
            swiftSettings: strictSettings
        ),

        // `Benchmarks/run` measures decode + map + render in process with this.
        .executableTarget(
            name: "mvsearch-benchmark",
            dependencies: ["Networking", "Domain", "Data", "Presentation"],
            path: "Benchmarks/DecodeRender",
            swiftSettings: strictSettings
        ),

        // `Benchmarks/run` measures one key of the full-screen session with this.
        .executableTarget(
            name: "mvsearch-fullscreen-benchmark",
            dependencies: ["Networking", "Domain", "Data", "Presentation"],
            path: "Benchmarks/FullScreen",
            swiftSettings: strictSettings
        ),

        // Test doubles for every seam; never a dependency of a production target.
        .target(
            name: "Mocks",
            dependencies: ["Domain", "Networking", "Presentation"],
            path: "Mocks",
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),

        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "Mocks"],
            swiftSettings: networkingSettings
        ),
        .testTarget(
            name: "DomainTests",
            dependencies: ["Domain", "Mocks"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DataTests",
            dependencies: ["Data", "Domain", "Networking", "Mocks"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Presentation", "Domain", "Mocks"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AppTests",
            dependencies: ["App", "Data", "Domain", "Networking", "Presentation", "Mocks"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["App", "Mocks"],
            swiftSettings: strictSettings
        ),
    ]
)
