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
        .library(name: "Catalog", targets: ["Catalog"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "Reactive", targets: ["Reactive"]),
        .library(name: "Platform", targets: ["Platform"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "MCPServer", targets: ["MCPServer"]),
    ],
    targets: [
        // Infrastructure: what an app elsewhere takes from its platform's frameworks, written here
        // as small packages of their own. Generic, each with its own tests; never imports a layer.
        .target(name: "Platform", swiftSettings: strictSettings),
        .target(name: "Reactive", swiftSettings: strictSettings),
        .target(name: "TerminalUI", dependencies: ["Platform"], swiftSettings: strictSettings),
        .target(name: "HTTPServer", dependencies: ["Platform"], swiftSettings: strictSettings),
        .target(name: "JSON", swiftSettings: strictSettings),
        .target(name: "MCPServer", dependencies: ["JSON", "Platform"], swiftSettings: strictSettings),

        // Layers: each may import only what docs/architecture.md allows; the compiler enforces it.
        .target(name: "Networking", dependencies: ["JSON", "Platform"], swiftSettings: networkingSettings),
        .target(name: "Domain", swiftSettings: strictSettings),
        .target(name: "Data", dependencies: ["Domain", "Networking", "Platform"], swiftSettings: strictSettings),
        // The application layer: the service graph from neutral settings, the operation registry,
        // outcomes — what the command line, `serve` and `mcp` share (docs/architecture.md).
        .target(
            name: "Catalog",
            dependencies: ["Domain", "Data", "Networking", "Platform", "JSON", "HTTPServer", "MCPServer"],
            swiftSettings: strictSettings),
        .target(
            name: "Presentation", dependencies: ["Domain", "Platform", "Reactive", "TerminalUI"],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "App",
            dependencies: [
                "Catalog", "Networking", "Domain", "Data", "Presentation", "Platform", "Reactive", "TerminalUI",
                "HTTPServer", "MCPServer",
            ],
            swiftSettings: strictSettings
        ),

        // `Benchmarks/run` measures decode + map + render in process with this.
        .executableTarget(
            name: "mvsearch-benchmark",
            dependencies: ["Networking", "Domain", "Data", "Presentation", "TerminalUI"],
            path: "Benchmarks/DecodeRender",
            swiftSettings: strictSettings
        ),

        // `Benchmarks/run` measures one key of the full-screen session with this.
        .executableTarget(
            name: "mvsearch-fullscreen-benchmark",
            dependencies: ["Networking", "Domain", "Data", "Presentation", "TerminalUI", "Reactive"],
            path: "Benchmarks/FullScreen",
            swiftSettings: strictSettings
        ),

        // Test doubles for every seam; never a dependency of a production target.
        .target(
            name: "Mocks",
            dependencies: ["Domain", "Networking", "Presentation", "Platform", "Reactive", "TerminalUI"],
            path: "Mocks",
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),

        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Mocks"], swiftSettings: strictSettings),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive"], swiftSettings: strictSettings),
        .testTarget(
            name: "TerminalUITests", dependencies: ["TerminalUI", "Platform", "Mocks"], swiftSettings: strictSettings),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Platform"], swiftSettings: strictSettings),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: strictSettings),
        .testTarget(name: "MCPServerTests", dependencies: ["MCPServer", "JSON"], swiftSettings: strictSettings),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "Platform", "Mocks"],
            swiftSettings: networkingSettings
        ),
        .testTarget(
            name: "DomainTests",
            dependencies: ["Domain", "Mocks"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DataTests",
            dependencies: ["Data", "Domain", "Networking", "Platform", "Mocks"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CatalogTests",
            dependencies: ["Catalog", "Domain", "Data", "Networking", "JSON", "HTTPServer", "MCPServer", "Mocks"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Presentation", "Platform", "Domain", "Reactive", "TerminalUI", "Mocks"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "Catalog", "HTTPServer", "JSON", "MCPServer", "Data", "Domain", "Networking", "Presentation",
                "Platform", "Reactive", "TerminalUI",
                "Mocks",
            ],
            swiftSettings: strictSettings
        ),
        // The parsers that read the world, fuzzed with fixed seeds (`Tests/Fuzz/run` runs them longer).
        .testTarget(
            name: "FuzzTests",
            dependencies: ["App", "Data", "Domain", "HTTPServer", "JSON", "MCPServer", "TerminalUI"],
            swiftSettings: strictSettings
        ),
        // Clients/ holds the Python clients the service tests run (from the package's folder).
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["App", "Mocks"],
            exclude: ["Clients"],
            swiftSettings: strictSettings
        ),
    ]
)
