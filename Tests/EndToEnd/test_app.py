"""End-to-end tests of the Rotation Lab window, driven through AT-SPI as a person would.

Run by Tests/EndToEnd/run (under xvfb-run and dbus-run-session). Each test starts the real
`rotation-lab` binary, finds controls by their accessible names, presses them and reads what the
window shows. What the window shows is held against the core's own answer: the same events traced
by `rotation-lab trace --json`, never a hard-coded orientation.

Screenshots of each stage go to $ROTATION_LAB_E2E_SHOTS (default .build/e2e-screenshots).
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


class WindowTests(WindowTestCase):
    # --- A seed experiment, end to end ---------------------------------------------------------

    def test_push_of_a_landscape_only_controller_as_seed_000_logs_it(self):
        path = scenario_with_steps("seed000-push.json", ["launch"])
        app = self.start(path)
        app.shot("launched")
        self.assertFalse(app.sensitive("Pop"), "Pop with one controller on the stack")
        self.assertFalse(app.sensitive("Dismiss"), "Dismiss with nothing presented")
        self.assertFalse(app.sensitive("Select Tab", "toggle button"), "Select Tab without a tab bar")

        app.choose("Push", "Push LandscapeRightVC")
        expected = core_trace(scenario_with_steps("seed000-push.json", ["launch", {"push": "LandscapeRightVC"}]))
        self.assert_shows(app, expected, 2, 2)
        self.assertIn("-[LandscapeRightVC switchToLandscapeRight]", app.signatures())
        self.assertNotIn("-[LandscapeRightVC supportedInterfaceOrientations]", app.signatures())
        app.shot("pushed")

        self.assertTrue(app.sensitive("Pop"))
        app.press("Pop")
        expected = core_trace(scenario_with_steps("seed000-push.json", ["launch", {"push": "LandscapeRightVC"}, "pop"]))
        self.assert_shows(app, expected, 3, 3)
        app.shot("popped")
        self.assertEqual(len(app.timeline()), 3)

    def test_present_over_a_portrait_only_stack_then_dismiss(self):
        app = self.start(scenario_with_steps("seed000-present.json", ["launch"]))
        app.choose("Present", "Present LandscapeRightVC", "Present LandscapeRightVC (fullScreen)")
        events = ["launch", {"present": "LandscapeRightVC", "style": "fullScreen"}]
        self.assert_shows(app, core_trace(scenario_with_steps("seed000-present.json", events)), 2, 2)
        app.shot("presented")
        self.assertTrue(app.sensitive("Dismiss"))
        app.press("Dismiss")
        self.assert_shows(app, core_trace(scenario_with_steps("seed000-present.json", events + ["dismiss"])), 3, 3)
        app.shot("dismissed")

    def test_a_second_window_and_an_alert_from_the_action_bar(self):
        name = "second-window-video-player.json"
        app = self.start(scenario_with_steps(name, ["launch", {"rotateDevice": "landscapeLeft"}]))
        self.assertTrue(app.sensitive("Windows", "toggle button"))
        app.choose("Windows", "Make video Key and Visible")
        events = ["launch", {"rotateDevice": "landscapeLeft"}, {"makeKeyAndVisible": "video"}]
        expected = core_trace(scenario_with_steps(name, events))
        self.assert_shows(app, expected, 3, 3)
        self.assertEqual(expected[2]["interfaceOrientation"], "landscapeRight")
        app.shot("video-window")
        app.choose("Present", "Present UIAlertController")
        events.append({"present": "UIAlertController"})
        self.assert_shows(app, core_trace(scenario_with_steps(name, events)), 4, 4)
        self.assertIn("-[UIAlertController supportedInterfaceOrientations]", app.signatures())
        app.shot("alert-over-video")

    def test_the_windows_menu_is_only_there_for_several_windows(self):
        app = self.start(scenario_with_steps("seed000-present.json", ["launch"]))
        app.wait_status(r"Step 1 of 1:")
        self.assertIsNone(app.find(app.app, "toggle button", "Windows", visible_only=True))

    # --- Device actions --------------------------------------------------------------------------

    def test_device_actions_follow_the_core(self):
        app = self.start(scenario_with_steps("seed003-visible-selected-attempt.json", ["launch"]))
        events = ["launch"]
        actions = [
            (lambda: app.press("Rotate Right"), {"rotateDevice": "landscapeRight"}),
            (lambda: app.press("Rotate Left"), {"rotateDevice": "portrait"}),
            (lambda: app.choose("Device Orientation", "landscapeLeft"), {"rotateDevice": "landscapeLeft"}),
            (lambda: app.press("Attempt Rotation"), "attemptRotationToDeviceOrientation"),
            (lambda: app.choose("Force Orientation", "Force landscapeRight"), {"setDeviceOrientation": "landscapeRight"}),
            (lambda: app.press("Orientation Lock", "toggle button"), {"setOrientationLock": True}),
            (lambda: app.press("Rotate Right"), {"rotateDevice": "faceUp"}),
        ]
        for act, event in actions:
            if event == {"rotateDevice": "faceUp"}:
                # Rotate Right from the held landscapeLeft is portrait.
                event = {"rotateDevice": "portrait"}
            act()
            events.append(event)
            expected = core_trace(scenario_with_steps("seed003-visible-selected-attempt.json", events))
            self.assert_shows(app, expected, len(events), len(events))
        app.shot("after-device-actions")
        self.assertTrue(app.control("Orientation Lock", "toggle button").getState().contains(pyatspi.STATE_CHECKED))

    def test_a_tab_bar_offers_its_tabs(self):
        app = self.start(scenario_with_steps("seed002-tab-navigation-forwarding.json", ["launch"]))
        self.assertTrue(app.sensitive("Select Tab", "toggle button"))
        app.choose("Select Tab", "Tab 1: NavigationController")
        events = ["launch", {"selectTab": 1}]
        self.assert_shows(app, core_trace(scenario_with_steps("seed002-tab-navigation-forwarding.json", events)), 2, 2)
        app.shot("tab-1")

    # --- History -------------------------------------------------------------------------------

    def test_stepping_back_and_forward_shows_each_step(self):
        path = os.path.join(SCENARIOS, "seed001-video-call-parent-returns-no.json")
        expected = core_trace(path)
        app = self.start(path)
        total = len(expected)
        self.assert_shows(app, expected, total, total)
        self.assertFalse(app.sensitive("Step Forward"))
        for index in range(total - 1, 0, -1):
            app.press("Step Back")
            self.assert_shows(app, expected, index, total)
        self.assertFalse(app.sensitive("Step Back"))
        app.shot("first-step")
        app.press("Step Forward")
        self.assert_shows(app, expected, 2, total)

    def test_acting_on_an_earlier_step_discards_the_later_ones_after_asking(self):
        path = os.path.join(SCENARIOS, "seed000-push.json")
        app = self.start(path)
        app.press("Step Back")
        app.press("Step Back")
        app.wait_status(r"Step 1 of 3:")
        app.press("Rotate Right")
        dialog = wait_for(lambda: app.find(app.app, "push button", "Discard", visible_only=True), 10, "the question")
        app.shot("asked")
        dialog.queryAction().doAction(0)
        expected = core_trace(scenario_with_steps("seed000-push.json", ["launch", {"rotateDevice": "landscapeRight"}]))
        self.assert_shows(app, expected, 2, 2)

    # --- Files and export ----------------------------------------------------------------------

    def test_export_through_the_window_equals_the_command_line(self):
        path = os.path.join(SCENARIOS, "seed000-present.json")
        app = self.start(path)
        app.press("Step Back")
        app.wait_status(r"Step 2 of 3:")
        folder = tempfile.mkdtemp(prefix="rl-e2e-export-")
        target = os.path.join(folder, "from-window.png")
        app.press("Export")
        app.shot("export-chooser")
        suggested = app.save_through_chooser("Export the Diagram", target)
        self.assertEqual(suggested, "seed000-present-step2.png")
        self.assert_same_as_command_line(target, ["export", path, "--step", "2", "--output"])
        shutil.rmtree(folder)

    def test_a_malformed_file_is_refused_and_the_scenario_kept(self):
        path = os.path.join(SCENARIOS, "seed000-push.json")
        app = self.start(path, extra=())
        before = app.status()
        bad = tempfile.mktemp(suffix=".json", prefix="rl-e2e-bad-")
        with open(bad, "w") as out:
            out.write('{"format": "rotation-lab.scenario/1", "classes": {"NavVC": {"kind": "stack"}}, "window": {}}')
        # A second launch hands the file to the running window (single instance).
        subprocess.run([BINARY, bad], check=True, timeout=20, capture_output=True)
        message = wait_for(
            lambda: app.text(app.control("Error Message", "label")) or None, 10, "the error message")
        self.assertIn(os.path.basename(bad), message)
        self.assertIn("classes.NavVC.kind", message)
        self.assertIn('expected one of "view", "navigation", "tabBar", "container", "splitView", "pageView", "alert", found "stack"', message)
        self.assertEqual(app.status(), before)
        app.shot("refused")
        os.remove(bad)

    @solo
    def test_launching_on_a_malformed_file_shows_its_error_right_after_the_first_frame(self):
        """A first file that does not load leaves the device empty; the first frame still ends the
        launch's wait, and the panels and the error come with the frame after it, not a second
        later (the wait's fallback)."""
        bad = tempfile.mktemp(suffix=".json", prefix="rl-e2e-bad-launch-")
        self.addCleanup(lambda: os.path.exists(bad) and os.remove(bad))
        with open(bad, "w") as out:
            out.write('{"format": "rotation-lab.scenario/1", "classes": {"NavVC": {"kind": "stack"}}, "window": {}}')
        log = tempfile.mktemp(prefix="rl-e2e-bad-launch-", suffix=".log")
        self.addCleanup(lambda: os.path.exists(log) and os.remove(log))
        app = self.start(bad, environment={"ROTATION_LAB_BENCH_LOG": log}, loads=False)
        message = wait_for(
            lambda: app.text(app.control("Error Message", "label")) or None, 10, "the error message")
        self.assertIn("classes.NavVC.kind", message)
        wait_for(lambda: "panels-built" in open(log).read(), 10, "the panels")
        with open(log) as handle:
            lines = [line.split() for line in handle if not line.startswith("draw ")]
        first = [int(line[1]) for line in lines if line[0] == "first-frame"]
        shown = [int(line[2]) for line in lines if line[:2] == ["mark", "shown"]]
        panels = [int(line[2]) for line in lines if line[:2] == ["mark", "panels-built"]]
        self.assertTrue(first, "the launch's first frame was not noted")
        # Microseconds: the panels are built within half a second of showing (the fallback is 1 s).
        self.assertLess(panels[0] - shown[0], 500_000, lines)

    def test_save_writes_the_session_and_closing_asks_first(self):
        path = scenario_with_steps("seed000-push.json", ["launch"])
        app = self.start(path)
        app.press("Rotate Right")
        app.wait_status(r"Step 2 of 2:")
        # The header bar's subtitle marks unsaved changes, and saving clears the mark.
        name = os.path.basename(path)
        wait_for(lambda: app.find(app.frame, "label", f"• {name} — step 2 of 2"), 10, "the unsaved mark in the subtitle")
        app.press("Save")
        wait_for(lambda: len(json.load(open(path))["steps"]) == 2, 10, "the saved steps")
        wait_for(lambda: app.find(app.frame, "label", f"{name} — step 2 of 2"), 10, "the subtitle without the mark")
        with open(path) as handle:
            saved = json.load(handle)
        self.assertEqual(saved["steps"], ["launch", {"rotateDevice": "landscapeRight"}])
        self.assertEqual(core_trace(path)[1]["interfaceOrientation"], app.status().split("interface ")[1].split(".")[0])
        # Unsaved again, then close: the window asks before losing the step.
        app.press("Rotate Right")
        app.wait_status(r"Step 3 of 3:")
        app.press("Close")
        ask = wait_for(
            lambda: app.find(app.app, "push button", "Close without Saving", visible_only=True), 10, "the question")
        app.shot("asked-before-closing")
        cancel = app.find(app.app, "push button", "Cancel", visible_only=True)
        cancel.queryAction().doAction(0)
        app.wait_status(r"Step 3 of 3:")
        self.assertIsNone(app.process.poll(), "Cancel must keep the window open")
        app.press("Close")
        ask = wait_for(
            lambda: app.find(app.app, "push button", "Close without Saving", visible_only=True), 10, "the question")
        ask.queryAction().doAction(0)
        wait_for(lambda: app.process.poll() is not None, 10, "the app to quit")
        with open(path) as handle:
            self.assertEqual(len(json.load(handle)["steps"]), 2, "closing without saving must not save")

    @solo
    def test_the_first_frame_shows_the_device_and_the_panels_follow_without_moving_it(self):
        """The launch draws the device first; the panels fill in after that frame and the device
        stays where the first frame put it. The app's timing log says when each happened."""
        log = tempfile.mktemp(prefix="rl-e2e-launch-", suffix=".log")
        self.addCleanup(lambda: os.path.exists(log) and os.remove(log))
        app = self.start(os.path.join(SCENARIOS, "seed000-present.json"),
                         environment={"ROTATION_LAB_BENCH_LOG": log})
        wait_for(lambda: "panels-built" in open(log).read(), 10, "the panels")
        with open(log) as handle:
            lines = [line.split() for line in handle if not line.startswith("draw ")]
        order = [line[1] if line[0] == "mark" else line[0] for line in lines]
        self.assertLess(order.index("first-frame"), order.index("panels-built"), order)
        self.assertLess(order.index("shown"), order.index("first-frame"), order)
        areas = [tuple(int(value) for value in line[1:]) for line in lines if line[0] == "device-area"]
        self.assertEqual(len(set(areas)), 1, f"the device moved while the window filled in: {areas}")
        # What the panels show once there is the open scenario's last step.
        expected = core_trace(os.path.join(SCENARIOS, "seed000-present.json"))
        self.assert_shows(app, expected, len(expected), len(expected))
        # The header bar's close button arrives with the panels (under Xvfb there is no window
        # manager: without it the window could not be closed by mouse).
        close = wait_for(lambda: app.find(app.frame, "push button", "Close", visible_only=True), 10, "the close button")
        self.assertTrue(close.getState().contains(pyatspi.STATE_SENSITIVE))

    def test_keyboard_shortcuts_rotate_and_step(self):
        app = self.start(scenario_with_steps("seed004-default-masks-ipad.json", ["launch"]))
        for _ in range(2):
            self._keys(app, "ctrl+Right")
        expected = core_trace(scenario_with_steps(
            "seed004-default-masks-ipad.json",
            ["launch", {"rotateDevice": "landscapeRight"}, {"rotateDevice": "portraitUpsideDown"}]))
        self.assert_shows(app, expected, 3, 3)
        self._keys(app, "alt+Left")
        self.assert_shows(app, expected, 2, 3)
        app.shot("after-keyboard")
        # Ctrl+? opens the shortcuts window, built from its GtkBuilder file, with every shortcut.
        self._keys(app, "ctrl+question")
        shortcuts = wait_for(lambda: next((w for w in app.app if w.name == "Keyboard Shortcuts"), None), 10, "the shortcuts window")
        for title in ["Open a scenario", "Rotate the device left", "Next step", "Keyboard shortcuts"]:
            self.assertIsNotNone(app.find(shortcuts, "label", title), f"the shortcut '{title}'")
        app.shot("shortcuts")

    def _keys(self, app, keys):
        """Types a key combination into the window with xdotool (real X key events)."""
        windows = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app.process.pid)],
            check=True, capture_output=True, text=True, timeout=10).stdout.split()

        def area(window):
            shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                                   capture_output=True, text=True, timeout=10).stdout
            size = dict(line.split("=", 1) for line in shell.split() if "=" in line)
            return int(size.get("WIDTH", 0)) * int(size.get("HEIGHT", 0))

        # The main window: a tooltip the pointer left over a button is a visible window too.
        window = max(windows, key=area)
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True, timeout=10)
        subprocess.run(["xdotool", "key", "--window", window, "--clearmodifiers", keys], check=True, timeout=10)

    def test_compare_view_shows_where_ios_16_differs_and_exports_it(self):
        path = os.path.join(SCENARIOS, "seed000-push.json")
        app = self.start(path)
        app.press("Compare")
        window = wait_for(lambda: app.find(app.app, "frame", "Compare Systems"), 10, "the compare window")
        reference = json.loads(subprocess.run(
            [BINARY, "compare", path, "--systems", "15.0,16.0", "--json"], check=True, capture_output=True).stdout)
        differing = reference["differingSteps"]
        self.assertGreaterEqual(len(reference["steps"]), 2)
        self.assertTrue(differing, "seed 000's push differs on iOS 16 (no shouldAutorotate, KVC only logs)")
        summary = wait_for(lambda: app.text(app.find(window, "label", "Comparison Summary")) or None, 10, "summary")
        self.assertIn(f"{len(differing)} of {len(reference['steps'])} steps differ between iOS 15.0 and iOS 16.0", summary)
        for step in reference["steps"]:
            marker = "same" if step["same"] else "differs"
            self.assertIsNotNone(app.find(window, "label", f"Step {step['index']} {marker}"), f"step {step['index']} {marker}")
            self.assertIsNotNone(app.find(window, "label", f"Step {step['index']} difference: {step['summary']}"))
        app.shot("compare-view")
        folder = tempfile.mkdtemp(prefix="rl-e2e-compare-")
        target = os.path.join(folder, "from-window.png")
        app.find(window, "push button", "Export Comparison").queryAction().doAction(0)
        app.save_through_chooser("Export the Comparison", target)
        self.assert_same_as_command_line(target, ["compare", path, "--systems", "15.0,16.0", "--output"])
        shutil.rmtree(folder)

    def test_the_system_switcher_replays_on_ios_16(self):
        path = scenario_with_steps("seed000-push.json", ["launch", {"push": "LandscapeRightVC"}])
        app = self.start(path)
        combo = app.control("System Version", "combo box")
        combo.queryAction().doAction(0)
        wait_for(lambda: app.find(app.app, "menu item", "iOS 16.0", visible_only=True), 10, "iOS 16.0").queryAction().doAction(0)
        app.wait_status(r"Edited:")
        edited = scenario_with_steps(
            "seed000-push.json", ["launch", {"push": "LandscapeRightVC"}],
            change=lambda data: data["system"].update(version="16.0"))
        self.assert_shows(app, core_trace(edited), 2, 2)
        self.assertIn("console: [Orientation] BUG IN CLIENT OF UIKIT", "\n".join(app.calls()))
        app.shot("ios16")

    def test_soak_random_actions(self):
        """Random actions as a person might take them, a malformed file and an unwritable export
        among them: no crash, no GTK critical warning, memory bounded. ROTATION_LAB_SOAK_ACTIONS
        sets how many (the test command runs 120; the documented full run is 2000)."""
        import random

        count = int(os.environ.get("ROTATION_LAB_SOAK_ACTIONS", "120"))
        rng = random.Random(20261130)
        path = scenario_with_steps("seed002-tab-navigation-forwarding.json", ["launch"])
        app = self.start(path)
        bad = tempfile.mktemp(suffix=".json", prefix="rl-soak-bad-")
        with open(bad, "w") as out:
            out.write('{"format": "rotation-lab.scenario/1", "classes": {"X": {"kind": 7}}')
        buttons = ["Rotate Left", "Rotate Right", "Pop", "Dismiss", "Attempt Rotation", "Step Back", "Step Forward"]
        menus = {
            "Push": ["Push HomeViewController", "Push VideoViewController"],
            "Present": [
                ("Present VideoViewController", "Present VideoViewController (fullScreen)"),
                ("Present HomeViewController", "Present HomeViewController (pageSheet)"),
                ("Present UIAlertController",),
            ],
            "Device Orientation": ["faceUp", "landscapeLeft", "portraitUpsideDown", "portrait"],
            "Force Orientation": ["Force landscapeRight", "Force portrait"],
            "Select Tab": ["Tab 0: NavigationController", "Tab 1: NavigationController"],
        }
        rss = []
        acted = 0
        for number in range(count):
            kind = rng.random()
            if kind < 0.55:
                name = rng.choice(buttons)
                if app.sensitive(name):
                    app.control(name).queryAction().doAction(0)
                    acted += 1
            elif kind < 0.9:
                menu = rng.choice(list(menus))
                if app.sensitive(menu, "toggle button"):
                    choice = rng.choice(menus[menu])
                    app.choose(menu, *(choice if isinstance(choice, tuple) else (choice,)))
                    acted += 1
            elif kind < 0.95:
                subprocess.run([BINARY, bad], check=True, timeout=20, capture_output=True)
            else:
                app.press("Orientation Lock", "toggle button")
            discard = app.find(app.app, "push button", "Discard", visible_only=True)
            if discard is not None:
                discard.queryAction().doAction(0)
            if number % 25 == 0:
                with open(f"/proc/{app.process.pid}/status") as status:
                    rss.append(next(int(line.split()[1]) for line in status if line.startswith("VmRSS")))
        # Most actions found their control sensitive: a window whose controls all went dead passes nothing.
        self.assertGreater(acted, count // 3, f"only {acted} of {count} random actions found their control sensitive")
        # An export to a path that cannot be written shows the error and keeps the app running.
        app.press("Export")
        app.save_through_chooser("Export the Diagram", "/proc/rotation-lab-soak.png")
        message = wait_for(lambda: app.text(app.control("Error Message", "label")) or None, 10, "the export error")
        self.assertIn("Could not", message)
        app.shot("after-soak")
        self.assertIsNone(app.process.poll(), "the app died during the soak")
        self.assertLess(max(rss) / 1024, 400, f"resident memory grew to {max(rss) / 1024:.0f} MB")
        os.remove(bad)


if __name__ == "__main__":
    # The window and the command line in another language (test_language.py), run with these.
    from test_language import LanguageTests  # noqa: F401
    from test_authoring import AuthoringTests  # noqa: F401
    from test_desktop import DesktopTests  # noqa: F401
    from test_inspector import InspectorTests  # noqa: F401

    unittest.main(verbosity=2)
