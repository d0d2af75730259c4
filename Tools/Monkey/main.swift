// The monkey: random user actions thrown at an example app's real windows, with the app's invariants
// checked after each, a failure shrunk to the fewest steps that reproduce it.
//
//   swift run --traits GTK Monkey contacts --seconds 60              # a new random seed, printed first
//   swift run --traits GTK Monkey sevenguis --seconds 600 --seed 7   # the same run again
//   swift run --traits GTK Monkey contacts --seed 7 --steps 3,18,40  # replays the steps a failure printed
//   swift run --traits GTK Monkey sevenguis --seconds 60 --known-problems   # also the actions GTK 4.8 warns about
//   swift run --traits GTK Monkey sevenguis --actions 500 --trace    # prints every step as it is performed
//   swift run --traits GTK Monkey contacts --seconds 600 --sample-every 1000   # memory every 1,000 actions
//
// Run it headless under Xvfb with G_DEBUG=fatal-criticals (see the README's "Reliability"). It exits
// non-zero on a failure; its last line is
// `monkey: <app> seed <S> <actions> actions <failures> failures rss <KiB> -> <KiB> live <n> -> <n>`.
#if GTK
import BindingsGTK
import Foundation
import MonkeyEngine

let arguments = Array(CommandLine.arguments.dropFirst())
func value(after flag: String) -> String? {
  arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let usage =
  "usage: Monkey contacts|sevenguis --seconds N [--seed S] [--steps 1,2,3] [--actions N] [--sample-every N]"
  + " [--known-problems] [--trace]"
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
let flagsWithValues: Set = ["--seconds", "--seed", "--steps", "--actions", "--sample-every"]
// The app is the first argument that is neither a flag nor a flag's value.
let appName =
  arguments.indices.first { index in
    !arguments[index].hasPrefix("-") && (index == 0 || !flagsWithValues.contains(arguments[index - 1]))
  }.map { arguments[$0] } ?? ""
guard let make = MonkeyApps.make(appName) else {
  print("Monkey: unknown app \"\(appName)\"; \(usage)")
  exit(2)
}
let seconds = value(after: "--seconds").flatMap(Double.init)
let actions = value(after: "--actions").flatMap(Int.init)
let steps = value(after: "--steps")?.split(separator: ",").compactMap { Int($0) }
guard seconds != nil || actions != nil || steps != nil else {
  print("Monkey: how long? \(usage)")
  exit(2)
}
MonkeyApps.includesKnownProblems = arguments.contains("--known-problems")
let seed = value(after: "--seed").flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(UInt32.max))
/// Prints `line` at once, so that it is on the screen even if GLib aborts the process later.
func say(_ line: String) {
  print(line)
  fflush(nil)
}
say("monkey: \(appName) seed \(seed)")

do {
  try GTK.initialize()
} catch {
  print("Monkey: \(error)")
  exit(1)
}

let report = MainActor.assumeIsolated {
  let monkey = Monkey(app: appName, log: say, make: make)
  monkey.traces = arguments.contains("--trace")
  if let every = value(after: "--sample-every").flatMap(Int.init), every > 0 { monkey.sampleEvery = every }
  if let steps { return monkey.replay(seed: seed, steps: steps) }
  let deadline = seconds.map { ContinuousClock.now.advanced(by: .milliseconds(Int($0 * 1000))) }
  return monkey.run(seed: seed, actions: actions, until: deadline)
}
// A run prints its failure as soon as it happens, before shrinking it; a replay prints it here.
if steps != nil {
  for failure in report.failures { say("monkey: FAILED at \(failure)") }
}
if let prefix = report.shortestPrefix {
  print("monkey: the shortest failing prefix is \(prefix) of \(report.failures.first?.step ?? prefix) steps")
}
if let reproduction = report.reproduction {
  print("monkey: \(reproduction.count) of those steps still fail\(reproduction.count > 60 ? " (the last 60):" : ":")")
  for (step, action) in reproduction.suffix(60) { print("  \(step): \(action)") }
  let steps = reproduction.map(\.step)
  let isPrefix = steps == Array(1...max(1, steps.count)) && !steps.isEmpty
  let list = isPrefix ? "--actions \(steps.count)" : "--steps \(steps.map(String.init).joined(separator: ","))"
  print("monkey: replay: swift run --traits GTK Monkey \(appName) --seed \(seed) \(list)")
}
for sample in report.residentSamples {
  print("monkey: rss \(sample.kiB) KiB after \(sample.actions) actions")
}
print(report.summary)
exit(report.failures.isEmpty ? 0 : 1)
#else
print("Monkey needs GTK 4: swift run --traits GTK Monkey contacts --seconds 60 (apt install libgtk-4-dev)")
#endif
