import Bindings
import Foundation

extension Chapter {
  /// Combine's operators, subjects and demand, seen from a search field and a sign-up form.
  public static let operators = Chapter(
    title: "Operators",
    run: runOperators,
    expectedOutput: """

      ▸ A chain is built once and runs for every value
        │ let typed = PassthroughSubject<String, Never>()
        │ let token = typed
        │   .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        │   .filter { !$0.isEmpty }
        │   .removeDuplicates()
        │   .sink { print("search for \\"\\($0)\\"") }
        │ typed.send("Swift ")
        → search for "swift"
        │ typed.send("swift")
        ✗ no search: removeDuplicates saw "swift" again
        │ typed.send("  ")
        ✗ no search: filter dropped the empty text
        │ typed.send("Bindings")
        → search for "bindings"

      ▸ combineLatest: a form is valid once every field has a value, then on each change
        │ button.reactive.isEnabled <~ email.combineLatest(password) { email, password in
        │   email.contains("@") && password.count >= 8
        │ }
        ✗ nothing yet: password has no value, so there is no combination
        │ email.value = "ada@example.com"
        ✗ still nothing: password has still not sent
        │ password.send("secret")
        → the button is disabled
        │ password.send("correct horse")
        → the button is enabled

      ▸ Subjects: a CurrentValueSubject replays its value; a completion ends it
        │ let name = CurrentValueSubject<String, Never>("Ada")
        │ let watcher = name.sink(receiveCompletion: { print($0) }, receiveValue: { print("name: \\($0)") })
        │ name.send(completion: .finished)
        │ name.send("Grace")
        → name: Ada
        → completion: finished
        ✗ no "name: Grace": a completed subject ignores later sends

      ▸ A value sent from inside a delivery is queued, not nested
        │ let first = counter.sink { value in
        │   print("first: \\(value)")
        │   if value == 1 { counter.send(2) }
        │ }
        │ let second = counter.sink { print("second: \\($0)") }
        │ counter.send(1)
        → first: 1
        → second: 1
        → first: 2
        → second: 2
        Every subscriber sees 1 before 2, even though 2 was sent while 1 was being delivered.

      ▸ Demand flows upstream: prefix(2) takes two values, then cancels the source
        │ let taken = (1...5).publisher
        │   .handleEvents(receiveOutput: { print("produced \\($0)") }, receiveCancel: { print("source cancelled") })
        │   .prefix(2)
        │   .sink { print("took \\($0)") }
        → produced 1
        → took 1
        → produced 2
        → took 2
        → source cancelled
        ✗ 3, 4 and 5 were never produced

      ▸ Errors: recover before binding, or let the failure end the chain
        │ let shown = results
        │   .map { "\\($0) results" }
        │   .catch { error in Just("search failed: \\(error.reason)") }
        │   .sink { print($0) }
        │ results.send(3)
        │ results.send(completion: .failure(LookupFailure(reason: "offline")))
        → 3 results
        → search failed: offline
        Combine's names throughout: the operator table in the README lists all of them.
      """
  )
}

private final class Button: BindingOwner {
  let bindings = BindingBag()
  let transcript: Transcript
  var isEnabled = false {
    didSet { transcript.happened("the button is \(isEnabled ? "enabled" : "disabled")") }
  }

  init(transcript: Transcript) { self.transcript = transcript }
}

@MainActor
private func runOperators(_ transcript: Transcript) {
  transcript.step("A chain is built once and runs for every value")
  transcript.code(
    """
    let typed = PassthroughSubject<String, Never>()
    let token = typed
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      .filter { !$0.isEmpty }
      .removeDuplicates()
      .sink { print("search for \\"\\($0)\\"") }
    """
  )
  let typed = PassthroughSubject<String, Never>()
  let token =
    typed
    .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    .filter { !$0.isEmpty }
    .removeDuplicates()
    .sink { transcript.happened("search for \"\($0)\"") }
  for text in ["Swift ", "swift", "  ", "Bindings"] {
    transcript.code("typed.send(\"\(text)\")")
    typed.send(text)
    if text == "swift" { transcript.didNotHappen("no search: removeDuplicates saw \"swift\" again") }
    if text == "  " { transcript.didNotHappen("no search: filter dropped the empty text") }
  }
  token.cancel()

  transcript.step("combineLatest: a form is valid once every field has a value, then on each change")
  let button = Button(transcript: transcript)
  let email = CurrentValueSubject<String, Never>("")
  let password = PassthroughSubject<String, Never>()
  transcript.code(
    """
    button.reactive.isEnabled <~ email.combineLatest(password) { email, password in
      email.contains("@") && password.count >= 8
    }
    """
  )
  button.reactive.isEnabled
    <~ email.combineLatest(password) { email, password in
      email.contains("@") && password.count >= 8
    }
  transcript.didNotHappen("nothing yet: password has no value, so there is no combination")
  transcript.code("email.value = \"ada@example.com\"")
  email.value = "ada@example.com"
  transcript.didNotHappen("still nothing: password has still not sent")
  transcript.code("password.send(\"secret\")")
  password.send("secret")
  transcript.code("password.send(\"correct horse\")")
  password.send("correct horse")

  transcript.step("Subjects: a CurrentValueSubject replays its value; a completion ends it")
  let name = CurrentValueSubject<String, Never>("Ada")
  transcript.code(
    """
    let name = CurrentValueSubject<String, Never>("Ada")
    let watcher = name.sink(receiveCompletion: { print($0) }, receiveValue: { print("name: \\($0)") })
    name.send(completion: .finished)
    name.send("Grace")
    """
  )
  let watcher = name.sink(
    receiveCompletion: { transcript.happened("completion: \($0)") },
    receiveValue: { transcript.happened("name: \($0)") }
  )
  name.send(completion: .finished)
  name.send("Grace")
  transcript.didNotHappen("no \"name: Grace\": a completed subject ignores later sends")
  watcher.cancel()

  transcript.step("A value sent from inside a delivery is queued, not nested")
  let counter = PassthroughSubject<Int, Never>()
  transcript.code(
    """
    let first = counter.sink { value in
      print("first: \\(value)")
      if value == 1 { counter.send(2) }
    }
    let second = counter.sink { print("second: \\($0)") }
    counter.send(1)
    """
  )
  let first = counter.sink { value in
    transcript.happened("first: \(value)")
    if value == 1 { counter.send(2) }
  }
  let second = counter.sink { transcript.happened("second: \($0)") }
  counter.send(1)
  transcript.explain("Every subscriber sees 1 before 2, even though 2 was sent while 1 was being delivered.")
  first.cancel()
  second.cancel()

  transcript.step("Demand flows upstream: prefix(2) takes two values, then cancels the source")
  transcript.code(
    """
    let taken = (1...5).publisher
      .handleEvents(receiveOutput: { print("produced \\($0)") }, receiveCancel: { print("source cancelled") })
      .prefix(2)
      .sink { print("took \\($0)") }
    """
  )
  let taken = (1...5).publisher
    .handleEvents(
      receiveOutput: { transcript.happened("produced \($0)") },
      receiveCancel: { transcript.happened("source cancelled") }
    )
    .prefix(2)
    .sink { transcript.happened("took \($0)") }
  transcript.didNotHappen("3, 4 and 5 were never produced")
  taken.cancel()

  transcript.step("Errors: recover before binding, or let the failure end the chain")
  let results = PassthroughSubject<Int, LookupFailure>()
  transcript.code(
    """
    let shown = results
      .map { "\\($0) results" }
      .catch { error in Just("search failed: \\(error.reason)") }
      .sink { print($0) }
    results.send(3)
    results.send(completion: .failure(LookupFailure(reason: "offline")))
    """
  )
  let shown =
    results
    .map { "\($0) results" }
    .catch { error in Just("search failed: \(error.reason)") }
    .sink { transcript.happened($0) }
  results.send(3)
  results.send(completion: .failure(LookupFailure(reason: "offline")))
  shown.cancel()
  transcript.explain("Combine's names throughout: the operator table in the README lists all of them.")
}

private struct LookupFailure: Error {
  let reason: String
}
