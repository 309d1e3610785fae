"""End-to-end tests of the window on the desktop: the reason's links, editing the scenario in
the inspector, diagnosis and import, the desktop's style, a laptop's screen, single instance and
the remembered window state. Run with test_app.py's tests (test_app.py imports this module).
"""

import json
import os
import re
import signal
import subprocess
import tempfile
import time
import unittest

from harness import *  # noqa: F401,F403 (App, WindowTestCase, the helpers, setUpModule)


class DesktopTests(WindowTestCase):
    def test_a_rule_the_reason_cites_is_a_link_to_its_text(self):
        path = os.path.join(SCENARIOS, "seed004-landscape-after-pop.json")
        expected = core_trace(path)
        app = self.start(path)
        app.wait_status(rf"Step {len(expected)} of {len(expected)}:")
        cited = re.findall(r"docs/rules\.md#([a-z0-9-]+)", expected[-1]["reason"])
        self.assertTrue(cited, "the last step's reason cites a rule")
        reason = app.control("Reason", "label")
        hypertext = reason.queryHypertext()
        links = [hypertext.getLink(index) for index in range(hypertext.getNLinks())]
        self.assertEqual([link.getURI(0) for link in links], [f"rule:{anchor}" for anchor in cited])
        # The rule as docs/rules.md writes it: the heading after its anchor.
        with open(os.path.join(ROOT, "docs", "rules.md")) as handle:
            lines = handle.read().split("\n")
        # The window shows it without its markdown (RuleBook drops backticks and asterisks).
        heading = lines[lines.index(f'<a id="{cited[0]}"></a>') + 1].lstrip("# ").replace("`", "").replace("*", "")
        # Click the link where it is drawn, as a person would: on a letter near its end (a link
        # that wraps has two boxes). GTK 3 reports a link's offsets in bytes, so the letter is
        # found in the label's text instead.
        text = app.text(reason)
        end = text.index(f"docs/rules.md#{cited[0]}") + len(f"docs/rules.md#{cited[0]}")
        x, y, width, height = reason.queryText().getCharacterExtents(end - 3, pyatspi.DESKTOP_COORDS)
        self.assertGreater(width, 0, "the link is drawn")
        subprocess.run(["xdotool", "mousemove", str(x + width // 2), str(y + height // 2), "click", "1"], check=True)
        # A dialog whose title is the rule's heading, and whose text ends with its anchor.
        dialog = wait_for(lambda: next((window for window in app.app if window.getRoleName() == "alert"
                                        and app.find(window, "label", heading)), None), 10, f"the rule '{heading}'")
        texts = [label.name for label in pyatspi.utils.findAllDescendants(dialog, lambda n: n.getRoleName() == "label")]
        self.assertTrue(any(text.endswith(f"docs/rules.md#{cited[0]}") and "Sources:" in text for text in texts), texts)
        app.shot("rule-dialog")
        app.find(dialog, "push button", "Close").queryAction().doAction(0)

    def test_editing_a_flag_replays_the_history(self):
        path = scenario_with_steps("seed000-launch-and-rotate.json", ["launch", {"rotateDevice": "landscapeLeft"}])
        app = self.start(path)
        before = core_trace(path)
        self.assert_shows(app, before, 2, 2)
        app.press("Flag supportLandscape", "check box")
        edited = scenario_with_steps(
            "seed000-launch-and-rotate.json",
            ["launch", {"rotateDevice": "landscapeLeft"}],
            change=lambda data: data["app"]["flags"].update(supportLandscape=True),
        )
        after = core_trace(edited)
        self.assertNotEqual(before[1]["interfaceOrientation"], after[1]["interfaceOrientation"])
        status = app.wait_status(r"Edited:")
        self.assertIn("the outcome changes from step", status)
        self.assert_shows(app, after, 2, 2)
        app.shot("edited")


    def test_editing_a_page_views_delegate_replays_the_history(self):
        name = "page-view-pages-are-not-asked.json"
        path = scenario_with_steps(name, ["launch", {"rotateDevice": "landscapeLeft"}])
        app = self.start(path)
        before = core_trace(path)
        self.assert_shows(app, before, 2, 2)
        self.assertEqual(before[1]["interfaceOrientation"], "landscapeRight")
        app.press("Delegate of GalleryPageViewController landscapeRight", "check box")
        edited = scenario_with_steps(
            name,
            ["launch", {"rotateDevice": "landscapeLeft"}],
            change=lambda data: data["classes"]["GalleryPageViewController"]["delegate"].update(
                supportedInterfaceOrientations=["portrait", "landscapeLeft"]
            ),
        )
        after = core_trace(edited)
        self.assertEqual(after[1]["interfaceOrientation"], "portrait")
        app.wait_status(r"Edited:")
        self.assert_shows(app, after, 2, 2)
        app.shot("delegate-edited")

    def test_diagnosis_finds_a_fix_and_applies_it(self):
        name = "seed001-fix-without-preferred.json"
        # The reporter's wish: dismissing the video call must not crash.
        wish = scenario_with_steps(
            name,
            ["launch", {"present": "VideoCallVC", "style": "fullScreen"}, {"rotateDevice": "landscapeLeft"}, "dismiss"],
            change=lambda data: data.update(expect=[{"step": 4, "exception": None}]),
        )
        app = self.start(wish)
        app.press("Main Menu", "toggle button")
        entry = wait_for(lambda: app.find(app.app, "menu item", "Diagnose and Fix…", visible_only=True), 10, "the menu item")
        entry.queryAction().doAction(0)
        diagnosis = wait_for(lambda: app.find(app.app, "frame", "Diagnosis"), 10, "the Diagnosis window")
        wait_for(lambda: app.find(diagnosis, "label", "Expectation Not Held"), 10, "the expectation that fails")
        app.find(diagnosis, "push button", "Find Fixes").queryAction().doAction(0)
        apply = wait_for(lambda: app.find(diagnosis, "push button", "Apply Fix 1"), 20, "the first fix")
        previews = wait_for(lambda: app.find(diagnosis, "label", "Fix 1 Preview"), 10, "the first fix's preview")
        self.assertIn("step 4: UIApplicationInvalidInterfaceOrientation → interface", app.text(previews))
        # Each fix says why it works, as a reviewer would, with the rule it relies on (#28).
        whys = [label.name for label in pyatspi.utils.findAllDescendants(diagnosis, lambda n: n.getRoleName() == "label")
                if label.name.startswith("Why: ")]
        self.assertTrue(any("docs/rules.md#preferred-not-supported" in why for why in whys), whys)
        app.shot("fixes")
        # The preview: the session and the fix side by side, in the Compare window's grid.
        app.find(diagnosis, "push button", "Preview Fix 1").queryAction().doAction(0)
        side = wait_for(lambda: app.find(app.app, "frame", "Fix 1 Preview"), 10, "the fix's preview")
        summary = wait_for(lambda: app.find(side, "label", "Comparison Summary"), 10, "the preview's summary")
        self.assertIn("differ between before and after fix 1: steps 4", app.text(summary))
        app.shot("preview")
        apply.queryAction().doAction(0)
        app.wait_status(r"Fix applied:")
        fixed = wish + ".fixed.json"
        subprocess.run([BINARY, "fix", wish, "--apply", "1", "--output", fixed], check=True, capture_output=True, env=english())
        self.assert_shows(app, core_trace(fixed), 4, 4)
        wait_for(lambda: app.find(diagnosis, "label", "Expectation Held"), 10, "the expectation now held")
        app.shot("applied")

    def test_a_fix_that_changes_an_unmentioned_step_says_so_in_the_window(self):
        """Issue #28: the capacitor unlock scenario wished back to portrait after its first unlock;
        its fix (attempt a rotation after each state change) also turns the second unlock, step 9,
        which no expectation mentions: the window says so under the fix."""
        wish = scenario_with_steps(
            "capacitor-unlock-stays-landscape-ios15.json",
            ["launch", {"call": "lock"}, {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}, {"call": "unlock"},
             {"rotateDevice": "landscapeLeft"}, {"call": "lock"}, {"rotateDevice": "portrait"}, {"call": "unlock"}],
            change=lambda data: data.update(expect=[{"step": 4, "interface": "landscapeRight"},
                                                    {"step": 5, "interface": "portrait"}]),
        )
        app = self.start(wish)
        app.choose("Main Menu", "Diagnose and Fix…")
        diagnosis = wait_for(lambda: app.find(app.app, "frame", "Diagnosis"), 10, "the Diagnosis window")
        app.find(diagnosis, "push button", "Find Fixes").queryAction().doAction(0)
        side = wait_for(lambda: app.find(diagnosis, "label", "Fix 1 Side Effects"), 20, "the fix's side effects")
        self.assertIn("Also changes step 9, which no expectation mentions", app.text(side))
        app.shot("side-effects")

    def test_import_project_opens_its_scenario_with_the_report(self):
        # A person's folder: their scenario and their project side by side.
        folder = tempfile.mkdtemp(prefix="rl-e2e-import-")
        project = os.path.join(folder, "StoryboardSwiftApp")
        shutil.copytree(os.path.join(ROOT, "Tests", "RotationImportTests", "Fixtures", "Projects", "StoryboardSwiftApp"), project)
        shutil.copy(os.path.join(SCENARIOS, "seed000-present.json"), folder)
        app = self.start(os.path.join(folder, "seed000-present.json"))
        before = app.status()
        import_through_chooser(app, "StoryboardSwiftApp")
        report = wait_for(lambda: app.find(app.app, "frame", "Import Report"), 20, "the Import Report window")
        wait_for(lambda: app.find(report, "label", "Read Line"), 10, "the report's lines")
        app.shot("import-report")
        # The report is the command line's, line for line.
        imported = os.path.join(folder, "imported.json")
        listing = json.loads(
            subprocess.run([BINARY, "import", project, "--output", imported, "--json"], check=True, capture_output=True, env=english()).stdout)
        labels = pyatspi.utils.findAllDescendants(report, lambda n: n.getRoleName() == "label")

        def shown(name):
            return [app.text(n) for n in labels if n.name == name]

        def written(lines):
            return [f"{l['file']}" + (f":{l['line']}" if l["line"] is not None else "") + f": {l['text']}" for l in lines]

        self.assertEqual(shown("Read Line"), written(listing["read"]))
        self.assertEqual(shown("Assumed Line"), written(listing["assumed"]))
        # The session is the imported scenario, as the core traces the command line's file.
        self.assert_shows(app, core_trace(imported), 1, 1)
        self.assertNotEqual(app.status(), before)
        # Each class says where it came from.
        origin = wait_for(lambda: app.find(app.app, "label", "Class Origin", visible_only=True), 10, "the class origin")
        self.assertRegex(app.text(origin), r"^from StoryboardSwiftApp/.+\.(swift|storyboard):\d+$")
        app.find(report, "push button", "Close").queryAction().doAction(0)
        app.shot("import-session")

    def test_a_flutter_apps_dart_functions_are_imported_and_run_as_steps(self):
        """A Flutter app's folder (issue #30): its Dart functions that set orientations come in as
        methods; a person inserts the full-screen toggle as a step and the device turns, then the
        toggle again and it turns back (the Bool the toggle flips picks the branch)."""
        folder = tempfile.mkdtemp(prefix="rl-e2e-flutter-")
        project = os.path.join(folder, "FlutterPlayer")
        fixtures = os.path.join(ROOT, "Tests", "RotationImportTests", "Fixtures")
        shutil.copytree(os.path.join(fixtures, "CrossPlatform", "FlutterPlayer"), project)
        shutil.copytree(os.path.join(fixtures, "ModernApp", "ModernApp.xcodeproj"),
                        os.path.join(project, "ios", "ModernApp.xcodeproj"))
        shutil.copy(os.path.join(SCENARIOS, "seed000-present.json"), folder)
        app = self.start(os.path.join(folder, "seed000-present.json"))
        import_through_chooser(app, "FlutterPlayer")
        report = wait_for(lambda: app.find(app.app, "frame", "Import Report"), 20, "the Import Report window")
        lines = wait_for(lambda: [app.text(n) for n in pyatspi.utils.findAllDescendants(
            report, lambda n: n.getRoleName() == "label" and n.name == "Read Line")], 10, "the report's lines")
        self.assertTrue(any("_MoviePageState.toggleFullScreen calls" in line for line in lines), lines)
        app.find(report, "push button", "Close").queryAction().doAction(0)
        app.wait_status(r"Step 1 of 1: launch")
        for step, turned in ((2, "landscapeRight"), (3, "portrait")):
            app.choose("Insert Step", "Call Method", "AppDelegate", "_MoviePageState.toggleFullScreen")
            app.wait_status(rf"Step {step} of {step}: call AppDelegate _MoviePageState\.toggleFullScreen\. "
                            rf"Device portrait, interface {turned}\.")
        # A function that takes the orientations: offered with what its caller passes.
        app.choose("Insert Step", "Call Method", "AppDelegate", "OrientationService.only",
                   'OrientationService.only(["portraitUp", "landscapeLeft"])')
        app.wait_status(r"Step 4 of 4: call AppDelegate OrientationService\.only\(.*\)\. Device portrait, interface portrait\.")
        app.shot("flutter-toggle")

    def test_a_folder_with_nothing_to_import_keeps_the_open_scenario(self):
        folder = tempfile.mkdtemp(prefix="rl-e2e-empty-")
        os.mkdir(os.path.join(folder, "NotAnApp"))
        shutil.copy(os.path.join(SCENARIOS, "seed000-present.json"), folder)
        app = self.start(os.path.join(folder, "seed000-present.json"))
        before = app.status()
        import_through_chooser(app, "NotAnApp")
        error = wait_for(lambda: app.find(app.app, "label", "Error Message", visible_only=True), 10, "the error")
        self.assertIn("Could not import", app.text(error))
        self.assertIn("nothing usable", app.text(error))
        self.assertEqual(app.status(), before)
        app.shot("import-nothing")


    def test_the_dark_style_draws_dark_panels_and_readable_calls(self):
        """Under GNOME's dark style the Cairo panels are dark and the call order's text light; the
        same window under the light style is light. Pixels are read from a screenshot."""
        for theme, dark in [("Adwaita:dark", True), ("Adwaita", False)]:
            app = App(self, os.path.join(SCENARIOS, "seed000-present.json"), environment={"GTK_THEME": theme})
            try:
                self.check_style(app, theme, dark)
            finally:
                self._close(app)

    def test_the_window_follows_the_desktop_when_its_style_changes(self):
        """As GNOME on X11 does when a person picks the dark style, the XSETTINGS manager
        (xsettingsd here, gsd-xsettings there) changes the theme to Adwaita-dark while the window
        is open: the panels turn dark without a restart, and light again when it changes back."""
        folder = tempfile.mkdtemp(prefix="rl-e2e-xsettings-")
        config = os.path.join(folder, "xsettingsd.conf")

        def set_theme(name):
            with open(config, "w") as handle:
                handle.write(f'Net/ThemeName "{name}"\n')

        set_theme("Adwaita")
        manager = subprocess.Popen(["xsettingsd", "-c", config], stderr=subprocess.DEVNULL)
        self.addCleanup(shutil.rmtree, folder, True)
        self.addCleanup(manager.wait)
        self.addCleanup(manager.terminate)
        time.sleep(0.5)  # the manager owns the XSETTINGS selection before the app starts
        app = self.start(os.path.join(SCENARIOS, "seed000-present.json"))
        self.check_style(app, "Adwaita (XSETTINGS)", dark=False)
        for theme, dark in [("Adwaita-dark", True), ("Adwaita", False)]:
            set_theme(theme)
            manager.send_signal(signal.SIGHUP)  # xsettingsd rereads its file and tells the clients
            area = app.control("Device Mockup", "drawing area")
            box = area.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)

            def switched():
                path = app.shot("switching")
                level = luminance_at(path, box.x + 6, box.y + box.height - 6)
                return level < 0.25 if dark else level > 0.85

            wait_for(switched, 15, f"the panels to follow the switch to {theme}")
            self.check_style(app, f"{theme} (XSETTINGS)", dark)

    def check_style(self, app, theme, dark):
        app.wait_status(r"Step 3 of 3:")
        wait_for(lambda: app.find(app.app, "drawing area", "Controller Tree", visible_only=True), 10, "the tree")
        path = app.shot("dark" if dark else "light")
        for name in ["Device Mockup", "Mask Intersection", "Controller Tree"]:
            area = app.find(app.app, "drawing area", name, visible_only=True)
            box = area.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            # A corner inside the panel, away from what it draws.
            level = luminance_at(path, box.x + 6, box.y + box.height - 6)
            if dark:
                self.assertLess(level, 0.25, f"{name} is not dark under {theme} ({level})")
            else:
                self.assertGreater(level, 0.85, f"{name} is not light under {theme} ({level})")
        # The app's own calls: the first call row's ink stands out from the row's background.
        first = app.calls()[0]
        row = wait_for(lambda: app.find(app.app, "label", first, visible_only=True), 10, "a call row")
        box = row.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        ink = darkest_or_lightest(path, box, light=dark)
        background = luminance_at(path, box.x + box.width - 2, box.y + 1)
        self.assertGreater(abs(ink - background), 0.5, f"call text {ink} on {background} under {theme}")


    def test_a_laptops_screen_cuts_nothing(self):
        """Made as small as a 1280×800 laptop's work area allows (the GNOME top bar takes 32 px),
        the window stays within it and every action, step and inspector value is on screen."""
        # The Windows menu and the Plugin menu too: every group of the action bar at its widest.
        with open(os.path.join(SCENARIOS, "second-window-video-player.json")) as handle:
            steps = json.load(handle)["steps"]
        path = scenario_with_steps(
            "second-window-video-player.json", steps,
            change=lambda data: data["app"].update(plugins=[{"name": "react-native-orientation-locker", "version": "1.7.0"}]))
        app = self.start(path)
        app.wait_status(r"Step \d+ of \d+:")
        frame, box = laptop_size(app)
        self.assertLessEqual((box.width, box.height), (1280, 768), "the window is larger than the screen")
        app.shot("laptop")

        def inside(node, what):
            extents = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            self.assertTrue(node.getState().contains(pyatspi.STATE_SHOWING), f"{what} is not shown")
            self.assertGreaterEqual(extents.x, box.x, f"{what} starts left of the window")
            self.assertLessEqual(extents.x + extents.width, box.x + box.width, f"{what} is cut on the right")
            self.assertLessEqual(extents.y + extents.height, box.y + box.height, f"{what} is cut at the bottom")

        for name in ["Rotate Left", "Rotate Right", "Pop", "Dismiss", "Attempt Rotation"]:
            inside(app.control(name), name)
        for name in ["Device Orientation", "Push", "Present", "Select Tab", "Windows", "Force Orientation", "Plugin"]:
            inside(app.control(name, "toggle button"), name)
        inside(app.control("Orientation Lock", "toggle button"), "Orientation Lock")
        # The inspector's values: each combo box within the left column, its text whole.
        column = app.find(app.app, "split pane", "Tree and Inspector", visible_only=True)
        edge = column.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        combos = pyatspi.utils.findAllDescendants(
            frame, lambda n: n.getRoleName() == "combo box" and n.getState().contains(pyatspi.STATE_SHOWING))
        self.assertTrue(combos, "the inspector shows its values")
        for combo in combos:
            extents = combo.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            if extents.x < edge.x + edge.width:  # the inspector's, not the header bar's
                self.assertLessEqual(extents.x + extents.width, edge.x + edge.width + 1, f"{combo.name} is cut")

    def test_at_laptop_size_the_tree_shows_a_tab_bars_controllers(self):
        """At 1280×768 (a 1280×800 screen less GNOME's top bar) the controller tree, one of the two
        main pictures, has at least a third of the window's height, and the screenshot shows every
        controller of seed 000's tab bar whole: its node boxes are counted in the pixels."""
        app = self.start(os.path.join(SCENARIOS, "seed000-tab-bar.json"))
        app.wait_status(r"Step 3 of 3:")
        frame, box = laptop_size(app)
        tree = app.control("Controller Tree", "drawing area")
        viewport = tree.parent.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        if tree.parent.getRoleName() != "scroll pane":  # GTK puts a viewport between them
            viewport = tree.parent.parent.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        self.assertGreaterEqual(viewport.height * 3, box.height, f"the tree's pane is {viewport.height} of {box.height} px")
        # How many controllers the tree has, as the core's Graphviz export of the same step lists them.
        dot = subprocess.run([BINARY, "export", os.path.join(SCENARIOS, "seed000-tab-bar.json"), "--format", "dot",
                              "--output", "-"], check=True, capture_output=True, text=True, env=english()).stdout
        controllers = len(re.findall(r"^  n\d+ \[", dot, re.M))
        self.assertEqual(controllers, 3, "seed 000's tab bar: the tab bar controller and its two tabs")
        shot = app.shot("laptop-tree")
        self.assertEqual(count_node_boxes(shot, viewport), controllers, "controllers not shown whole")

    def test_two_launches_at_the_same_moment_end_in_one_window(self):
        """Launched together, before either has registered (a launch shows its first frame before
        it registers on the bus), two starts end in one window, which shows the file of the launch
        that stepped back: its file is handed over, not lost with its window. Three rounds."""
        files = [os.path.join(SCENARIOS, "seed000-push.json"), os.path.join(SCENARIOS, "seed000-present.json")]
        for round in range(3):
            home = tempfile.mkdtemp(prefix="rl-e2e-home-")
            env = english(dict(XDG_DATA_HOME=home, XDG_CONFIG_HOME=home, GTK_USE_PORTAL="0"))
            processes = [subprocess.Popen([BINARY, path], env=env, stderr=subprocess.PIPE, text=True) for path in files]
            try:
                wait_for(lambda: sum(p.poll() is None for p in processes) == 1, 30, "one launch to step back")
                time.sleep(1.0)
                running = [p for p in processes if p.poll() is None]
                self.assertEqual(len(running), 1, f"round {round}: {len(running)} launches kept running")
                gone = next(p for p in processes if p.poll() is not None)
                self.assertEqual(gone.returncode, 0, gone.stderr.read())
                handed = os.path.basename(files[processes.index(gone)])

                def windows():
                    found = []
                    for app in pyatspi.Registry.getDesktop(0):
                        if app is not None and app.name == "rotation-lab":
                            found += [c for c in app if c is not None and c.getRoleName() == "frame"
                                      and c.getState().contains(pyatspi.STATE_SHOWING)]
                    return found

                frames = wait_for(lambda: len(windows()) == 1 and windows(), 10, "one window")
                subtitle = wait_for(lambda: pyatspi.utils.findDescendant(
                    frames[0], lambda n: n.getRoleName() == "label" and n.name.startswith(handed + " — step")), 10,
                    f"round {round}: the window showing {handed}, the file of the launch that stepped back")
                self.assertTrue(subtitle)
            finally:
                for process in processes:
                    if process.poll() is None:
                        process.terminate()
                        process.wait(10)
                    process.stderr.close()
                shutil.rmtree(home, ignore_errors=True)

    def test_a_resize_writes_the_settings_once_it_settles(self):
        """Under dconf, as on a GNOME desktop, a resize in ten steps (a drag of the window's corner
        makes many) writes the settings once, when it settles, not at every size."""
        path = os.path.join(SCENARIOS, "seed000-present.json")
        app = App(self, path, environment={"GSETTINGS_BACKEND": "dconf"})
        try:
            app.wait_status(r"Step 3 of 3:")
            frame = wait_for(lambda: main_frame(app), 10, "the window")
            size = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            window = x_window(app)
            time.sleep(1.0)  # what the launch itself remembers is written by now
            writes = DconfWrites()
            sizes = set()
            for step in range(1, 11):
                subprocess.run(["xdotool", "windowsize", window, str(size.width - 8 * step), str(size.height - 4 * step)],
                               check=True)
                wait_for(lambda: frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width == size.width - 8 * step,
                         10, f"the window at step {step}")
                sizes.add(frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width)
            time.sleep(1.5)
            written = writes.stop()
            self.assertEqual(len(sizes), 10, "the window did not take each size")
            self.assertEqual(written, 1, f"a resize through ten sizes wrote the settings {written} times")
        finally:
            self._close(app)

    def test_a_size_remembered_on_a_larger_screen_opens_within_this_one(self):
        """A size kept from a larger screen (2400×1600, more than this 1400×950 one) is cut at
        launch: the whole window, header bar included, opens on the screen, and the action bar,
        the window's bottom row, is on it."""
        config = tempfile.mkdtemp(prefix="rl-e2e-config-")
        for key, value in [("window-width", "2400"), ("window-height", "1600")]:
            subprocess.run(
                ["gsettings", "set", "io.github.rotationlab.RotationLab", key, value],
                env=english(dict(XDG_CONFIG_HOME=config)), check=True)
        path = os.path.join(SCENARIOS, "capacitor-unlock-stays-landscape-ios15.json")
        app = App(self, path, environment={"XDG_CONFIG_HOME": config})
        try:
            app.wait_status(r"Step 5 of 5:")
            frame = wait_for(lambda: main_frame(app), 10, "the window")
            box = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            width, height = (int(n) for n in subprocess.run(
                ["xdotool", "getdisplaygeometry"], check=True, capture_output=True, text=True).stdout.split())
            app.shot("remembered-too-large")
            self.assertGreater(box.height, 600, "the window did not open at a working size")
            self.assertLessEqual(box.x + box.width, width, "the window is wider than the screen")
            self.assertLessEqual(box.y + box.height, height, "the window is taller than the screen")
            rotate = app.control("Attempt Rotation").queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            self.assertLessEqual(rotate.y + rotate.height, height, "the action bar is below the screen")
        finally:
            self._close(app)

    def test_the_window_remembers_its_size_and_panes(self):
        """Resized and its panes moved, the window comes back so at the next launch (GSettings,
        in a key file in the launches' shared configuration folder)."""
        config = tempfile.mkdtemp(prefix="rl-e2e-config-")
        path = os.path.join(SCENARIOS, "seed000-present.json")
        app = App(self, path, environment={"XDG_CONFIG_HOME": config})
        try:
            app.wait_status(r"Step 3 of 3:")
            pane = wait_for(lambda: app.find(app.app, "split pane", "Device and Timeline", visible_only=True), 10, "the pane")
            before = pane.queryValue().currentValue
            pane.queryValue().currentValue = before - 60
            wait_for(lambda: pane.queryValue().currentValue == before - 60, 10, "the pane moved")
            frame = wait_for(lambda: main_frame(app), 10, "the window")
            size = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            window = x_window(app)
            subprocess.run(["xdotool", "windowsize", window, str(size.width - 80), str(size.height - 40)], check=True)
            wait_for(lambda: frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width < size.width, 10, "smaller")
            time.sleep(0.5)
            resized = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            moved = pane.queryValue().currentValue
            app.shot("resized")
        finally:
            self._close(app)
        again = App(self, path, environment={"XDG_CONFIG_HOME": config})
        try:
            again.wait_status(r"Step 3 of 3:")
            frame = wait_for(lambda: main_frame(again), 10, "the window")
            pane = wait_for(lambda: again.find(again.app, "split pane", "Device and Timeline", visible_only=True), 10, "pane")
            wait_for(lambda: pane.queryValue().currentValue == moved, 10, f"the pane at {moved}")
            restored = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            self.assertEqual((restored.width, restored.height), (resized.width, resized.height))
            again.shot("restored")
        finally:
            self._close(again)
