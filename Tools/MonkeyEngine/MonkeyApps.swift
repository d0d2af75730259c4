#if GTK
/// The apps the monkey knows, by the names the command takes.
public enum MonkeyApps {
  /// The names: `contacts`, `sevenguis`.
  public static let names = ["contacts", "sevenguis"]

  /// Whether the 7GUIs monkey replaces a task's page by a new one now and then; off by default,
  /// because it makes GLib report a critical not yet explained (see `SevenGUIsMonkey`). The command
  /// turns it on with `--replace-pages`.
  @MainActor public static var replacesPages = false

  /// What makes the app called `name` (a fresh one per run), or `nil` for an unknown name.
  ///
  /// ```swift
  /// let monkey = Monkey(app: "contacts", make: MonkeyApps.make("contacts")!)
  /// ```
  public static func make(_ name: String) -> (@MainActor () -> any MonkeyApp)? {
    switch name {
    case "contacts": { ContactsMonkey() }
    case "sevenguis": { SevenGUIsMonkey() }
    default: nil
    }
  }
}
#endif
