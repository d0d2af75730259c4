// The valid counterparts of the compile-fail cases: this file must type-check without errors.
import Bindings

final class Label: BindingOwner {
  let bindings = BindingBag()
  var text: String?
  var title = ""
}

@MainActor
final class MainLabel: MainActorBindingOwner {
  let bindings = BindingBag()
  var text: String?
}

final class ViewModel: BindingOwner {
  let bindings = BindingBag()
  @Published var name = "Ada"
  func rename(_ name: String) {}
}

final class Slider: BindingOwner {
  let bindings = BindingBag()
  var value = 0.0
  let userChanges = PassthroughSubject<Double, Never>()
}

extension Reactive where Base: Slider {
  var value: BindingEndpoint<Base, Double> {
    BindingEndpoint(target: self[dynamicMember: \.value], changes: base.userChanges)
  }
}

func valid(label: Label, viewModel: ViewModel, count: MutableProperty<Int>, slider: Slider) {
  label.reactive.text <~ viewModel.$name
  label.reactive.title <~ viewModel.$name
  viewModel.$name ~> label.reactive.text
  label.reactive.text <~ count.map(String.init)
  count.map(String.init) ~> label.reactive.title
  viewModel.$name ~> (viewModel, { viewModel, name in viewModel.rename(name) })
  let volume = MutableProperty(0.5)
  slider.reactive.value <~> volume
  slider.reactive.value ~> volume
  _ = slider.reactive.value.sink { _ in }
  let optionalName = MutableProperty<String?>(nil)
  optionalName <~> viewModel.$name
}

@MainActor
func validOnTheMainActor(label: MainLabel, name: MutableProperty<String>) {
  label.reactive.text <~ name
  label.reactive.text.deliveredOnSendingThread() <~ name
}

final class EditableField: BindingOwner {
  let bindings = BindingBag()
  @Published var text = ""
}

extension Reactive where Base: ViewModel {
  var setName: BindingSink<Base, String?> {
    BindingSink(owner: base) { viewModel, name in viewModel.rename(name ?? "") }
  }
}

func validMigrations(field: EditableField, viewModel: ViewModel, label: Label) {
  _ = field.$text.sink { _ in }
  field.$text ~> viewModel.reactive.setName
  viewModel.reactive.setName <~ field.$text
  label.reactive.text <~ Property.combineLatest(field.$text, viewModel.$name) { "\($0) \($1)" }
  label.reactive.text <~ combineLatest(field.$text, viewModel.$name) { "\($0) \($1)" }
  label.reactive.text <~ merge(field.$text, viewModel.$name)
  let numbers = AnyPublisher<Int, Never>.producer { subscriber in
    subscriber.send(1)
    return AnyCancellable {}
  }
  let words = AnyPublisher<String, Never>.producer { subscriber in
    subscriber.send("one")
    return {}
  }
  _ = numbers.sink { _ in }
  _ = words.sink { _ in }
}
