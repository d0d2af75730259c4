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
