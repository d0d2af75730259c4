// Compile-fail cases for <~ and ~>; checked by .ci/diagnostics.
import Bindings

final class Label: BindingOwner {
  let bindings = BindingBag()
  var text: String?
  var title = ""
}

final class ViewModel: BindingOwner {
  let bindings = BindingBag()
  @Published var name = "Ada"
  func rename(_ name: String) {}
}

struct LoadError: Error {}

func numbersIntoText(label: Label, viewModel: ViewModel, count: MutableProperty<Int>, ratio: MutableProperty<Double>) {
  label.reactive.text <~ count  // expect-error: convert them first with .map(String.init)
  count ~> label.reactive.text  // expect-error: convert them first with .map(String.init)
  label.reactive.title <~ count  // expect-error: the target takes String and the source's values are not strings
  viewModel.$name <~ count  // expect-error: convert them first with .map(String.init)
  label.reactive.text <~ ratio  // expect-error: convert them first with .map(String.init)
}

func otherMismatch(label: Label, flags: MutableProperty<[Bool]>) {
  label.reactive.text <~ flags  // expect-error: the source's Output is not the target's Value (nor its optional)
  flags ~> label.reactive.text  // expect-error: the source's Output is not the target's Value (nor its optional)
}

func closures(viewModel: ViewModel) {
  viewModel.$name ~> { print($0) }  // expect-error: ~> needs a target with an owner
  viewModel.$name ~> viewModel.rename  // expect-error: ~> needs a target with an owner
}

func failingSources(label: Label, loads: PassthroughSubject<String, LoadError>) {
  label.reactive.text <~ loads  // expect-error: the source can fail: handle the error first
  loads ~> label.reactive.text  // expect-error: the source can fail: handle the error first
}

/// A class whose `reactive` members are `BindingSink`s but which does not adopt `BindingOwner`.
final class PlainModel: ReactiveExtensionProvider {
  func rename(_ name: String?) {}
}

extension Reactive where Base: PlainModel {
  var setName: BindingSink<Base, String?> { BindingSink(owner: base) { model, name in model.rename(name) } }
}

func sinkWithoutBag(model: PlainModel, names: PassthroughSubject<String?, Never>) {
  names ~> model.reactive.setName  // expect-error: the sink's owner does not adopt BindingOwner
  model.reactive.setName <~ names  // expect-error: the sink's owner does not adopt BindingOwner
}
