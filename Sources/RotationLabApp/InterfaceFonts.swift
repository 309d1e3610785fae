import CGtk

/// The fonts GTK draws the window's text with, worked out before GTK itself knows them, so that
/// the launch worker can load them while the main thread builds the window.
///
/// GTK learns its fonts from GtkSettings, which it creates with the window, together with the
/// theme (~20 ms of the launch). Its sources can be read before that: the display's XSETTINGS
/// through GDK, the `settings.ini` files and the settings' defaults (`rl_gtk_setting`). They give
/// the interface font and the cairo font options, turned into options the way GTK 3's GtkSettings
/// does. The worker loads those fonts into a font map of its own, lays out the first frame's text
/// with them and draws it off screen (fontconfig's matching, the font files, HarfBuzz's faces and
/// the glyphs' images); the main thread then makes that font map its default before the window
/// first measures text. Without it, the main thread did all of that inside its first frame (~5 ms).
///
/// A wrong guess costs only the head start: GTK asks the font map for the fonts it needs and gets
/// them, loaded then. `mismatch(in:)` says afterwards whether the window's labels use what was
/// loaded; the launch test holds that they do.
struct InterfaceFonts: Sendable {
  /// GTK's interface font, as a Pango description ("Sans 10").
  let font: String
  let antialias: cairo_antialias_t
  let hintStyle: cairo_hint_style_t
  let hintMetrics: cairo_hint_metrics_t
  let subpixelOrder: cairo_subpixel_order_t
  /// Dots per inch.
  let resolution: Double

  /// What GTK will use, read on the main thread after `gtk_init` and before any window exists.
  @MainActor static func current() -> InterfaceFonts {
    func string(_ name: String) -> String? {
      guard let value = rl_gtk_setting_string(name) else { return nil }
      defer { g_free(value) }
      return String(cString: value)
    }
    let antialias = rl_gtk_setting_int("gtk-xft-antialias", -1)
    let hinting = rl_gtk_setting_int("gtk-xft-hinting", -1)
    let dpi = rl_gtk_setting_int("gtk-xft-dpi", -1)
    // As GTK 3's GtkSettings turns these into the screen's font options (metrics always hinted).
    let hintStyle: cairo_hint_style_t =
      switch (hinting == 0 ? "hintnone" : string("gtk-xft-hintstyle")) {
      case "hintslight": CAIRO_HINT_STYLE_SLIGHT
      case "hintmedium": CAIRO_HINT_STYLE_MEDIUM
      case "hintfull": CAIRO_HINT_STYLE_FULL
      default: CAIRO_HINT_STYLE_NONE
      }
    let subpixelOrder: cairo_subpixel_order_t =
      switch string("gtk-xft-rgba") {
      case "rgb": CAIRO_SUBPIXEL_ORDER_RGB
      case "bgr": CAIRO_SUBPIXEL_ORDER_BGR
      case "vrgb": CAIRO_SUBPIXEL_ORDER_VRGB
      case "vbgr": CAIRO_SUBPIXEL_ORDER_VBGR
      default: CAIRO_SUBPIXEL_ORDER_DEFAULT
      }
    let antialiasMode =
      antialias == 0
      ? CAIRO_ANTIALIAS_NONE
      : subpixelOrder != CAIRO_SUBPIXEL_ORDER_DEFAULT ? CAIRO_ANTIALIAS_SUBPIXEL : CAIRO_ANTIALIAS_GRAY
    // GDK scales the resolution by GDK_DPI_SCALE, when set.
    let scale =
      getenv("GDK_DPI_SCALE").flatMap { Double(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 1
    return InterfaceFonts(
      font: string("gtk-font-name") ?? "Sans 10", antialias: antialiasMode, hintStyle: hintStyle,
      hintMetrics: CAIRO_HINT_METRICS_ON, subpixelOrder: subpixelOrder,
      resolution: (dpi > 0 ? Double(dpi) / 1024 : 96) * scale)
  }

  /// The descriptions the first frame's text is drawn in: the header bar's title (the interface
  /// font in bold), its subtitle (a size smaller, as the theme's `font-size: smaller` computes it)
  /// and the status line (the interface font).
  var descriptions: (title: String, subtitle: String, status: String) {
    let base = pango_font_description_from_string(font)!
    defer { pango_font_description_free(base) }
    func described(_ change: (OpaquePointer) -> Void) -> String {
      let copy = pango_font_description_copy(base)!
      defer { pango_font_description_free(copy) }
      change(copy)
      let text = pango_font_description_to_string(copy)!
      defer { g_free(text) }
      return String(cString: text)
    }
    let size = pango_font_description_get_size(base)
    return (
      described { pango_font_description_set_weight($0, PANGO_WEIGHT_BOLD) },
      described { pango_font_description_set_size($0, Int32(Double(size) / 1.2)) },
      described { _ in }
    )
  }

  /// The font options as GTK sets them on a widget's Pango context; the caller destroys them.
  func options() -> OpaquePointer {
    let options = cairo_font_options_create()!
    cairo_font_options_set_antialias(options, antialias)
    cairo_font_options_set_hint_style(options, hintStyle)
    cairo_font_options_set_hint_metrics(options, hintMetrics)
    cairo_font_options_set_subpixel_order(options, subpixelOrder)
    return options
  }

  /// A new font map with `texts` laid out and drawn once in their fonts. Runs on any thread; the
  /// font map is the caller's, to hand to one thread only.
  func load(_ texts: (title: String, subtitle: String, status: String)) -> OpaquePointer {
    let fontMap = pango_cairo_font_map_new()!
    let context = pango_font_map_create_context(fontMap)!
    let options = options()
    pango_cairo_context_set_font_options(context, options)
    pango_cairo_context_set_resolution(context, resolution)
    cairo_font_options_destroy(options)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64)
    let cairo = cairo_create(surface)
    let fonts = descriptions
    for (font, text) in [
      (fonts.title, texts.title), (fonts.subtitle, texts.subtitle), (fonts.status, texts.status),
    ] {
      let layout = pango_layout_new(context)
      let description = pango_font_description_from_string(font)
      pango_layout_set_font_description(layout, description)
      pango_layout_set_text(layout, text, -1)
      pango_cairo_show_layout(cairo, layout)
      pango_font_description_free(description)
      g_object_unref(UnsafeMutableRawPointer(layout))
    }
    cairo_destroy(cairo)
    cairo_surface_destroy(surface)
    g_object_unref(UnsafeMutableRawPointer(context))
    return OpaquePointer(fontMap)
  }

  /// Why the shown labels in `widgets` (and inside them) do not draw with what `load` prepared (a
  /// font, the options or the resolution GTK chose otherwise), or nil when they all do.
  @MainActor func mismatch(in widgets: [Widget]) -> String? {
    var labels: [UnsafeMutablePointer<GtkWidget>?] = []
    for widget in widgets {
      var found = [UnsafeMutablePointer<GtkWidget>?](repeating: nil, count: 16)
      let count = Int(rl_collect_labels(widget, &found, Int32(found.count)))
      labels += found.prefix(count)
    }
    let fonts = descriptions
    let expected = options()
    defer { cairo_font_options_destroy(expected) }
    for case let label? in labels where gtk_widget_get_mapped(label) != 0 {
      let context = gtk_widget_get_pango_context(label)
      let description = pango_font_description_to_string(pango_context_get_font_description(context))!
      defer { g_free(description) }
      let font = String(cString: description)
      if ![fonts.title, fonts.subtitle, fonts.status].contains(font) {
        return "a label is drawn in \(font)"
      }
      guard let options = pango_cairo_context_get_font_options(context),
        cairo_font_options_equal(options, expected) != 0
      else { return "other font options" }
      let resolution = pango_cairo_context_get_resolution(context)
      if resolution != self.resolution { return "a resolution of \(resolution)" }
    }
    return nil
  }
}
