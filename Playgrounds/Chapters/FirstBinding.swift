import Bindings

extension Chapter {
  /// A label follows a view model's name: `<~`, replacing a binding, transforming, unbinding.
  public static let firstBinding = Chapter(
    title: "Your first binding",
    run: runFirstBinding,
    expectedOutput: """

      ▸ A view model with a @Published name, and a label that owns its bindings
        │ final class Label: BindingOwner {
        │   let bindings = BindingBag()
        │   var text: String?
        │ }
        │ final class ProfileViewModel {
        │   @Published var name = "Ada"
        │ }
        BindingOwner asks for one stored property, the bag its bindings live in.
        Every writable property of an owner is a binding target: label.reactive.text.

      ▸ Bind: the label takes the current value before <~ returns
        │ label.reactive.text <~ viewModel.$name
        → the label shows "Ada"

      ▸ Change the model: the label follows
        │ viewModel.name = "Grace"
        → the label shows "Grace"

      ▸ @Published publishes every assignment, even of an equal value
        │ viewModel.name = "Grace"
        → the label shows "Grace"

      ▸ Bind again with removeDuplicates(): the new binding replaces the old one
        │ label.reactive.text <~ viewModel.$name.removeDuplicates()
        │ viewModel.name = "Grace"
        The new binding starts with the current value; then the same name is assigned again:
        → the label shows "Grace"
        ✗ the second "Grace" was not written: removeDuplicates dropped it
        → the label has 1 binding: one source per target, never two writers

      ▸ Transform on the way: any operator chain can feed a binding
        │ label.reactive.text <~ viewModel.$name.map { "Hello, \\($0)!" }
        → the label shows "Hello, Grace!"

      ▸ Unbind early with the token <~ returns (you never have to keep it)
        │ let token = label.reactive.text <~ viewModel.$name
        │ token.cancel()
        │ viewModel.name = "Alan"
        The binding replaces the map binding and shows the current name; then it is cancelled:
        → the label shows "Grace"
        ✗ the label did not show "Alan": the binding had ended
        → the label has 0 bindings

      ▸ A source that can fail must handle its error before it binds
        │ let lookup = PassthroughSubject<String, LookupError>()
        │ label.reactive.text <~ lookup.replaceError(with: "unknown")
        │ lookup.send(completion: .failure(LookupError()))
        → the label shows "unknown"
        Without replaceError, catch or assertNoFailure, `<~` does not compile: the error says so.
      """
  )
}

private final class Label: BindingOwner {
  let bindings = BindingBag()
  let transcript: Transcript
  var text: String? {
    didSet { transcript.happened("the label shows \"\(text ?? "")\"") }
  }

  init(transcript: Transcript) { self.transcript = transcript }
}

private final class ProfileViewModel {
  @Published var name = "Ada"
}

@MainActor
private func runFirstBinding(_ transcript: Transcript) {
  let viewModel = ProfileViewModel()
  let label = Label(transcript: transcript)

  transcript.step("A view model with a @Published name, and a label that owns its bindings")
  transcript.code(
    """
    final class Label: BindingOwner {
      let bindings = BindingBag()
      var text: String?
    }
    final class ProfileViewModel {
      @Published var name = "Ada"
    }
    """
  )
  transcript.explain("BindingOwner asks for one stored property, the bag its bindings live in.")
  transcript.explain("Every writable property of an owner is a binding target: label.reactive.text.")

  transcript.step("Bind: the label takes the current value before <~ returns")
  transcript.code("label.reactive.text <~ viewModel.$name")
  label.reactive.text <~ viewModel.$name

  transcript.step("Change the model: the label follows")
  transcript.code("viewModel.name = \"Grace\"")
  viewModel.name = "Grace"

  transcript.step("@Published publishes every assignment, even of an equal value")
  transcript.code("viewModel.name = \"Grace\"")
  viewModel.name = "Grace"

  transcript.step("Bind again with removeDuplicates(): the new binding replaces the old one")
  transcript.code(
    """
    label.reactive.text <~ viewModel.$name.removeDuplicates()
    viewModel.name = "Grace"
    """
  )
  transcript.explain("The new binding starts with the current value; then the same name is assigned again:")
  label.reactive.text <~ viewModel.$name.removeDuplicates()
  viewModel.name = "Grace"
  transcript.didNotHappen("the second \"Grace\" was not written: removeDuplicates dropped it")
  transcript.happened("the label has \(label.bindings.count) binding: one source per target, never two writers")

  transcript.step("Transform on the way: any operator chain can feed a binding")
  transcript.code("label.reactive.text <~ viewModel.$name.map { \"Hello, \\($0)!\" }")
  label.reactive.text <~ viewModel.$name.map { "Hello, \($0)!" }

  transcript.step("Unbind early with the token <~ returns (you never have to keep it)")
  transcript.code(
    """
    let token = label.reactive.text <~ viewModel.$name
    token.cancel()
    viewModel.name = "Alan"
    """
  )
  transcript.explain("The binding replaces the map binding and shows the current name; then it is cancelled:")
  let token = label.reactive.text <~ viewModel.$name
  token.cancel()
  viewModel.name = "Alan"
  transcript.didNotHappen("the label did not show \"Alan\": the binding had ended")
  transcript.happened("the label has \(label.bindings.count) bindings")

  transcript.step("A source that can fail must handle its error before it binds")
  transcript.code(
    """
    let lookup = PassthroughSubject<String, LookupError>()
    label.reactive.text <~ lookup.replaceError(with: "unknown")
    lookup.send(completion: .failure(LookupError()))
    """
  )
  let lookup = PassthroughSubject<String, LookupError>()
  label.reactive.text <~ lookup.replaceError(with: "unknown")
  lookup.send(completion: .failure(LookupError()))
  transcript.explain("Without replaceError, catch or assertNoFailure, `<~` does not compile: the error says so.")
}

private struct LookupError: Error {}
