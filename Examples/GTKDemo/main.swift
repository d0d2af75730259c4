// A small GTK 4 window bound to a view model: `swift run --traits GTK GTKDemo`.
//
// Set GTKDEMO_SCREENSHOT=/path/to/file.png to save what the window shows after a second and quit
// (CI runs it that way under xvfb-run).
#if GTK
import Bindings
import BindingsGTK
import Foundation

/// The view model: plain Swift, testable without a window.
final class SignUpModel: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  @Published var name = ""
  @Published var subscribes = true
  @Published var volume = 5.0
  @Published var upload = 0.0
  @Published var status = "Type a name"
  let plans = ["Free", "Team", "Enterprise"]
  @Published var planIndex: Int? = 0

  var greeting: AnyPublisher<String, Never> {
    $name.map { $0.isEmpty ? "Hello!" : "Hello, \($0)!" }.eraseToAnyPublisher()
  }

  var canSave: AnyPublisher<Bool, Never> {
    $name.map { $0.count >= 2 }.eraseToAnyPublisher()
  }

  /// Pretends to upload, from a background thread.
  func save() {
    status = "Saving \(name)…"
    let name = name
    DispatchQueue.global().async {
      for step in 1...20 {
        Thread.sleep(forTimeInterval: 0.02)
        self.upload = Double(step) / 20
      }
      self.status = "Saved \(name) on the \(self.plans[self.planIndex ?? 0]) plan"
    }
  }
}

extension Reactive where Base: SignUpModel {
  var save: BindingTarget<Base, Void> {
    BindingTarget(base) { model, _ in model.save() }
  }
}

@MainActor
func makeWindow(for model: SignUpModel) -> Window {
  let greeting = Label()
  let name = Entry(placeholder: "Your name")
  let subscribes = Switch()
  let volume = Scale(range: 0...11, step: 1)
  let plan = DropDown(model.plans)
  let save = Button("Save")
  let progress = ProgressBar()
  let status = Label()
  let clock = Label()

  greeting.reactive.markup <~ model.greeting.map { "<span size='x-large'>\($0)</span>" }
  name.reactive.text <~> model.$name
  subscribes.reactive.isActive <~> model.$subscribes
  volume.reactive.value <~> model.$volume
  volume.reactive.isSensitive <~ model.$subscribes
  plan.reactive.selected <~> model.$planIndex
  save.reactive.isSensitive <~ model.canSave
  save.reactive.clicked ~> model.reactive.save
  progress.reactive.fraction <~ model.$upload
  progress.reactive.text <~ model.$upload.map { "\(Int($0 * 100)) %" }
  status.reactive.text <~ model.$status
  clock.reactive.text
    <~ Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    .map { $0.formatted(date: .omitted, time: .standard) }

  let window = Window(title: "Sign up", width: 360, height: 320)
  window.reactive.title <~ model.$name.map { $0.isEmpty ? "Sign up" : "Sign up — \($0)" }
  window.child = Box(
    .vertical,
    spacing: 8,
    [
      greeting, name, Box(.horizontal, spacing: 8, [Label("Newsletter"), subscribes]), volume, plan, save, progress,
      status, clock,
    ]
  )
  return window
}

do {
  let model = SignUpModel()
  try GTKApplication.run { application in
    let window = makeWindow(for: model)
    window.present()
    if let path = ProcessInfo.processInfo.environment["GTKDEMO_SCREENSHOT"] {
      // Types a name and saves, from a background thread, as a user would; then takes the picture.
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
        model.name = "Ada Lovelace"
        model.planIndex = 1
        model.save()
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(1)) {
        do {
          try window.renderSnapshot().savePNG(to: path)
          print("GTKDemo: saved \(path); status: \(model.status)")
        } catch {
          print("GTKDemo: \(error)")
        }
        application.quit()
      }
    }
  }
} catch {
  print("GTKDemo: \(error)")
  exit(1)
}
#else
print("GTKDemo needs GTK 4: swift run --traits GTK GTKDemo (apt install libgtk-4-dev)")
#endif
