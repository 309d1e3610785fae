"""The inspector as a person uses it (#18, #27): an answer made to depend on the window, an if
made and its branch filled, state and an observer, and iPadOS 26's windowing and orientation
lock. Run with the window tests (test_app.py imports this module).
"""

import json
import os
import tempfile
import time
import unittest

import test_app
from test_app import App, SCENARIOS, core_trace, scenario_with_steps, wait_for
from test_authoring import check, player_scenario, save_as, saved, select_in_combo


def setUpModule():
    test_app.setUpModule()


class InspectorTests(unittest.TestCase):
    def test_the_app_delegates_answer_per_window(self):
        """The app delegate's answer made to depend on the window it is asked for, in the inspector
        (ifWindow): the saved file says so, and runs as the same file written by hand."""
        name = "second-window-video-player.json"
        events = ["launch", {"makeKeyAndVisible": "video"}, {"rotateDevice": "landscapeLeft"}]
        app = App(self, scenario_with_steps(name, events))
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        app.wait_status(r"Step 3 of 3")
        select_in_combo(app, app.frame, "Delegate Depends On", "always")
        app.wait_status(r"Edited:")
        select_in_combo(app, app.frame, "Delegate Depends On", "depends on the window video")
        app.wait_status(r"Edited:")
        for orientation in ("landscapeLeft", "landscapeRight"):
            check(app, app.frame, f"Delegate if video {orientation}", True)
            app.wait_status(r"Edited:")
        path = os.path.join(tempfile.mkdtemp(prefix="rl-e2e-ifwindow-"), "per-window.json")
        save_as(app, path)
        wanted = {"ifWindow": "video", "then": "allButUpsideDown", "else": "portrait"}
        self.assertEqual(saved(path)["app"]["supportedInterfaceOrientationsForWindow"], wanted)
        by_hand = scenario_with_steps(
            name, events, change=lambda data: data["app"].update(supportedInterfaceOrientationsForWindow=wanted))
        self.assertEqual(core_trace(path), core_trace(by_hand))
        # The video window now turns with the device: the delegate allows landscape for it.
        self.assertEqual(core_trace(path)[-1]["interfaceOrientation"], "landscapeRight")
        app.shot("per-window")

    def test_an_if_is_made_in_the_inspector_and_its_branch_filled(self):
        """An if action made in the inspector: Add Action, If, a flag; then an action added to its
        then branch by the branch's own button. The saved file holds the if as the format writes it,
        and the method turns the interface only once the flag is set."""
        folder = tempfile.mkdtemp(prefix="rl-e2e-if-")
        source = player_scenario(folder, "if in the inspector", {"full": False}, "tap",
                                 ["launch", {"call": "tap", "on": "Player"}])
        app = App(self, source)
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        app.wait_status(r"Step 2 of 2")
        select_in_combo(app, app.frame, "Inspected Class", "Player")
        wait_for(lambda: app.find(app.frame, "toggle button", "Add Action to method tap"), 10, "the method's actions")
        app.choose("Add Action to method tap", "If", "full")
        app.wait_status(r"Add Action")
        branch = "Add Action to method tap \u203a 1 then"
        wait_for(lambda: app.find(app.frame, "toggle button", branch), 10, "the if's then branch")
        app.choose(branch, "Force Orientation", "Force landscapeLeft")
        app.wait_status(r"Add Action")
        app.choose(branch, "attemptRotationToDeviceOrientation")
        app.wait_status(r"Add Action")
        path = os.path.join(folder, "saved.json")
        save_as(app, path)
        tap = saved(path)["classes"]["Player"]["methods"]["tap"]
        self.assertEqual(len(tap), 1)
        self.assertEqual(tap[0]["if"], "full")
        self.assertEqual(tap[0]["then"], [{"setDeviceOrientation": "landscapeLeft"}, "attemptRotationToDeviceOrientation"])
        self.assertEqual(core_trace(path)[-1]["interfaceOrientation"], "portrait")
        data = saved(path)
        data["app"]["flags"]["full"] = True
        flagged = os.path.join(folder, "flagged.json")
        with open(flagged, "w") as handle:
            json.dump(data, handle)
        self.assertEqual(core_trace(flagged)[-1]["interfaceOrientation"], "landscapeRight")
        # Focus brings the branch into the inspector's view for the screenshot.
        app.find(app.frame, "toggle button", branch).queryComponent().grabFocus()
        time.sleep(0.5)
        app.shot("if-in-inspector")

    def test_state_an_observer_and_an_if_on_the_state_are_made_in_the_inspector(self):
        """A property each instance keeps (a mask), an observer of the device's turns handled by one
        of the class's methods, and an if on the property in that method, all made in the
        inspector: the saved file holds them in the format's words."""
        folder = tempfile.mkdtemp(prefix="rl-e2e-state-")
        source = player_scenario(folder, "state in the inspector", {}, "turned",
                                 ["launch", {"rotateDevice": "landscapeLeft"}])
        app = App(self, source)
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        app.wait_status(r"Step 2 of 2")
        select_in_combo(app, app.frame, "Inspected Class", "Player")
        wait_for(lambda: app.find(app.frame, "toggle button", "Add Property"), 10, "the class's properties")
        app.choose("Add Property", "Mask")
        ask = wait_for(lambda: next((w for w in app.app if w is not None and w.getRoleName() in ("alert", "dialog")
                                     and app.find(w, "text", "Name")), None), 10, "the Add Property dialog")
        app.find(ask, "text", "Name").queryEditableText().setTextContents("wanted")
        app.find(ask, "push button", "OK").queryAction().doAction(0)
        app.wait_status(r"Add wanted")
        app.choose("Add Observer", "UIDeviceOrientationDidChangeNotification")
        app.wait_status(r"Observe UIDeviceOrientationDidChangeNotification")
        wait_for(lambda: app.find(app.frame, "toggle button", "Add Action to method turned"), 10, "the method")
        app.choose("Add Action to method turned", "If", "wanted", "wanted == landscape")
        app.wait_status(r"Add Action")
        path = os.path.join(folder, "saved.json")
        save_as(app, path)
        player = saved(path)["classes"]["Player"]
        self.assertEqual(player["properties"], {"wanted": {"mask": "portrait"}})
        self.assertEqual(player["observes"], {"UIDeviceOrientationDidChangeNotification": "turned"})
        self.assertEqual(player["methods"]["turned"][0]["if"], {"is": "wanted", "equals": "landscape"})
        app.shot("state-in-inspector")

    def test_ipados_26_windowing_and_the_lock_preference_are_edited_in_the_inspector(self):
        """TN3192's driving game: in a window (Windowed apps, picked in the inspector) the system does
        not grant the lock, so the game turns to portrait while driving; with the preference no
        longer overridden, not even full screen holds it. Each saved file runs as the same file
        written by hand."""
        name = "ipados26-driving-game-locks.json"
        events = ["launch", {"rotateDevice": "landscapeLeft"}, {"call": "startDriving", "on": "DrivingViewController"},
                  {"rotateDevice": "portrait"}]
        source = scenario_with_steps(name, events)
        self.assertEqual(core_trace(source)[3]["interfaceOrientation"], "landscapeRight", "locked while driving")
        app = App(self, source)
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        app.wait_status(r"Step 4 of 4")
        wait_for(lambda: app.find(app.frame, "combo box", "Orientation Lock Child"), 10, "the lock's child")
        select_in_combo(app, app.frame, "Windowing", "Windowed apps")
        app.wait_status(r"Edited:")
        folder = tempfile.mkdtemp(prefix="rl-e2e-windowing-")
        windowed = os.path.join(folder, "windowed.json")
        save_as(app, windowed)
        self.assertEqual(saved(windowed)["system"]["windowing"], "windowedApps")
        by_hand = scenario_with_steps(name, events, change=lambda data: data["system"].update(windowing="windowedApps"))
        self.assertEqual(core_trace(windowed), core_trace(by_hand))
        self.assertEqual(core_trace(windowed)[3]["interfaceOrientation"], "portrait", "a window gets no lock")

        select_in_combo(app, app.frame, "Inspected Class", "DrivingViewController")
        select_in_combo(app, app.frame, "Orientation Lock Preference Override", "not overridden (NO)")
        app.wait_status(r"Edited:")
        select_in_combo(app, app.frame, "Windowing", "Full-screen apps")
        app.wait_status(r"Edited:")
        unlocked = os.path.join(folder, "unlocked.json")
        save_as(app, unlocked)
        self.assertNotIn("prefersInterfaceOrientationLocked", saved(unlocked)["classes"]["DrivingViewController"])
        self.assertEqual(core_trace(unlocked)[3]["interfaceOrientation"], "portrait", "nothing prefers the lock")
        app.shot("windowing-in-inspector")

    def test_a_flutter_apps_engine_version_is_edited_in_the_inspector(self):
        """Issue #30: the Flutter report scenario's engine set to 3.3.10 in the inspector: the old
        engine attempts a rotation and forces UIDevice instead of asking the scene, so error 101
        goes; the saved file says 3.3.10 and runs as the same file written by hand."""
        name = "flutter-landscape-request-fails-101.json"
        events = ["launch",
                  {"plugin": "flutter", "call": "SystemChrome.setPreferredOrientations", "args": [["portraitUp"]]},
                  {"plugin": "flutter", "call": "SystemChrome.setPreferredOrientations", "args": [["landscapeRight"]]}]
        source = scenario_with_steps(name, events)
        self.assertEqual(core_trace(source)[2]["error"]["code"], 101)
        app = App(self, source)
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        app.wait_status(r"Step 3 of 3")
        entry = wait_for(lambda: app.find(app.frame, "text", "Framework Version"), 10, "the framework's version")
        entry.queryEditableText().setTextContents("3.3.10")
        entry.queryAction().doAction(0)
        app.wait_status(r"Framework Version")
        path = os.path.join(tempfile.mkdtemp(prefix="rl-e2e-flutter-"), "flutter.json")
        save_as(app, path)
        self.assertEqual(saved(path)["app"]["framework"], {"name": "flutter", "version": "3.3.10"})
        by_hand = scenario_with_steps(name, events, change=lambda data: data["app"]["framework"].update(version="3.3.10"))
        self.assertEqual(core_trace(path), core_trace(by_hand))
        self.assertIsNone(core_trace(path)[2]["error"])
        self.assertEqual(core_trace(path)[2]["interfaceOrientation"], "landscapeRight")
        app.shot("flutter-version")


if __name__ == "__main__":
    unittest.main(verbosity=2)
