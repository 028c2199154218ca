import UnitpackCore

/// `GenerationManifest.parse`: any bytes are a manifest or a located
/// `malformedManifest` (or a refused version or size), never a trap; what
/// parses renders canonically and parses back equal, so a manifest means one
/// generation only.
enum ManifestProperties {
    static func check(_ input: [UInt8]) -> String? {
        let manifest: GenerationManifest
        do {
            manifest = try GenerationManifest.parse(input, path: "m")
        } catch {
            switch error {
            case .malformedManifest(_, let line, _):
                let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                guard line >= 1 && line <= max(1, lines) else { return "an error at line \(line) of \(lines)" }
                return nil
            case .unsupportedManifestVersion, .manifestTooLarge: return nil
            default: return "parse threw \(error), which is not a parse error"
            }
        }
        let rendered = manifest.render()
        guard let again = try? GenerationManifest.parse(rendered, path: "m") else {
            return "the manifest renders as \(String(decoding: rendered, as: UTF8.self).debugDescription), which does not parse"
        }
        guard again == manifest, again.render() == rendered else { return "render and parse disagree" }
        for artifact in manifest.artifacts where artifact.file.contains("/") || artifact.file.hasPrefix(".") {
            return "\(artifact.file.debugDescription) leaves the directory"
        }
        return nil
    }
}
