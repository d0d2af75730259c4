#if GTK
import Bindings
import CGTK
import Foundation

@MainActor
extension Widget {
  /// Keeps `object` alive for as long as this widget: until the widget is disposed (for a window:
  /// closed or destroyed), or its wrapper released, whichever is first.
  ///
  /// A view model is usually held only by the bindings into it, and those hold it weakly (a binding
  /// never keeps its owner alive). Built in a function, such a model is freed when the function
  /// returns, and every click into it then does nothing. Let the window own it:
  ///
  /// ```swift
  /// func makeCounterWindow() -> Window {
  ///   let model = CounterModel()
  ///   let add = Button("Add one")
  ///   add.reactive.clicked ~> (model, { model, _ in model.increment() })
  ///   let window = Window(title: "Counter")
  ///   window.child = add
  ///   window.keepAlive(model)   // the model lives until the window closes
  ///   return window
  /// }
  /// ```
  ///
  /// Keeping several objects keeps them all; keeping the same object twice keeps it once. When the
  /// widget is disposed, kept objects are released after the widget's own bindings have ended; when
  /// its wrapper is released first (a widget never shown, dropped by Swift code), they are released
  /// with it. Keeping an object on a widget that has already been disposed keeps nothing, and says so
  /// in a diagnostic.
  ///
  /// An object that holds the widget itself (a view class keeping its own root with
  /// `root.keepAlive(self)`) makes a cycle that only the widget's disposal breaks. Closing a window
  /// disposes the window, but only releases the widgets in it, so keep such an object on the window
  /// (`window.keepAlive(view)`), or keep the view model rather than the view.
  ///
  /// - Parameter object: The object to keep, usually the window's view model.
  public func keepAlive(_ object: AnyObject) {
    GTK.assertGTKThread("\(typeName).keepAlive")
    guard !isDisposed else {
      Diagnostics.report(
        "BindingsGTK: \(typeName).keepAlive(\(type(of: object))) kept nothing: the \(typeName) has already been "
          + "destroyed (disposed)"
      )
      return
    }
    keptAlive[ObjectIdentifier(object)] = object
  }

  /// Whether ``keepAlive(_:)`` keeps `object` alive.
  ///
  /// ```swift
  /// window.keepAlive(model)
  /// window.keepsAlive(model)   // true
  /// ```
  public func keepsAlive(_ object: AnyObject) -> Bool {
    keptAlive[ObjectIdentifier(object)] === object
  }
}
#endif
