"""Building a scenario in the window as a person would (#18): New Scenario from a template, a class
added, the tree and the steps edited, every edit undone back to the template and redone, and
the saved file held against a scenario written by hand for the same app. Run with the window
tests (test_app.py imports this module).
"""

import json
import os
import subprocess
import tempfile
import time
import unittest

import pyatspi

import test_app
from test_app import App, BINARY, SCENARIOS, english, wait_for


def setUpModule():
    test_app.setUpModule()


def select_in_combo(app, root, name, item):
    """Chooses `item` in the combo box `name`, as a person would: its list opened, the item clicked,
    the list closed. An edit made just before rebuilds the inspector after the current signal; a
    combo box pressed as it is replaced never opens, so, as a person would, the new one is pressed
    (only a new one: pressing the same combo box again would close a list that is opening)."""
    combo = wait_for(lambda: app.find(root, "combo box", name), 10, f"the combo box '{name}'")
    combo.queryAction().doAction(0)
    deadline = time.time() + 20
    entry = None
    while entry is None:
        entry = app.find(app.app, "menu item", item, visible_only=True)
        if entry is not None:
            break
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {item} in '{name}'")
        now = app.find(root, "combo box", name)
        if now is not None and now != combo:
            combo = now
            combo.queryAction().doAction(0)
        time.sleep(0.1)
    entry.queryAction().doAction(0)
    wait_for(lambda: app.find(app.app, "menu item", item, visible_only=True) is None, 10, f"'{item}' chosen")


def give_a_name(app, button, title, text, field="Class Name", kind=None):
    """Presses `button` and answers the dialog that asks for a name (Add Class, Rename Class, Add
    Flag, Add Method): `text` typed into `field`, a kind chosen if given, then OK."""
    app.press(button)
    ask = wait_for(lambda: next((w for w in app.app if w is not None and w.getRoleName() in ("alert", "dialog")
                                 and app.find(w, "label", title) and app.find(w, "text", field)), None),
                   10, f"the {title} dialog")
    app.find(ask, "text", field).queryEditableText().setTextContents(text)
    if kind:
        select_in_combo(app, ask, "Class Kind", kind)
    app.find(ask, "push button", "OK").queryAction().doAction(0)


def new_scenario(app, template, version, device):
    """New Scenario from the main menu: a template on a system and a device, then Create."""
    app.choose("Main Menu", "New Scenario…")
    dialog = wait_for(lambda: app.find(app.app, "dialog", "New Scenario"), 10, "the New Scenario dialog")
    select_in_combo(app, dialog, "Template", template)
    select_in_combo(app, dialog, "System Version", version)
    select_in_combo(app, dialog, "Device", device)
    return dialog


def check(app, root, name, on):
    box = wait_for(lambda: app.find(root, "check box", name), 10, f"the check box '{name}'")
    if box.getState().contains(pyatspi.STATE_CHECKED) != on:
        box.queryAction().doAction(0)
    # The edit makes the inspector again: the check box to read is the new one.
    wait_for(lambda: (found := app.find(root, "check box", name)) is not None
             and found.getState().contains(pyatspi.STATE_CHECKED) == on, 5, f"'{name}' {on}")


def save_as(app, path):
    """Save As… from the main menu, to `path`, as a person types it into the chooser."""
    app.choose("Main Menu", "Save As…")
    app.save_through_chooser("Save the Scenario", path, suggested_suffix=".json")
    wait_for(lambda: os.path.exists(path), 10, f"the saved {os.path.basename(path)}")


def press_until_insensitive(app, test, name, limit=200):
    """Presses Undo (or Redo) until there is nothing left to undo; returns how many times."""
    count = 0
    while app.sensitive(name):
        app.press(name)
        count += 1
        test.assertLess(count, limit, f"{name} never runs out")
    return count


def player_scenario(folder, title, flags, method, steps):
    """A one-class scenario file in `folder`: Player, with an empty method and the app's flags."""
    source = os.path.join(folder, "player.json")
    app = {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]}
    if flags:
        app["flags"] = flags
    with open(source, "w") as handle:
        json.dump({
            "format": "rotation-lab.scenario/1", "title": title,
            "system": {"version": "13.0", "idiom": "phone", "homeButton": True}, "app": app,
            "classes": {"Player": {"kind": "view", "methods": {method: []}}},
            "window": {"root": {"class": "Player"}}, "steps": steps}, handle)
    return source


def saved(path):
    with open(path) as handle:
        return json.load(handle)


def trace(path):
    return subprocess.run([BINARY, "trace", path, "--json"], check=True, capture_output=True, env=english()).stdout


# The app built below, written by hand: the navigation stack template on iOS 13 on an iPhone with
# a Home button, a landscape class pushed onto the stack, and a step that presents it.
EXPECTED = {
    "format": "rotation-lab.scenario/1",
    "title": "A navigation stack",
    "system": {"version": "13.0", "idiom": "phone", "homeButton": True},
    "device": {"orientation": "portrait", "orientationLock": False},
    "app": {"delegateClass": "AppDelegate", "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
    "classes": {
        "NavigationController": {"kind": "navigation"},
        "ViewController": {"kind": "view"},
        "LandscapeRightVC": {"kind": "view"},
    },
    "window": {"root": {"class": "NavigationController",
                        "stack": [{"class": "ViewController"}, {"class": "LandscapeRightVC"}]}},
    "steps": ["launch", {"present": "LandscapeRightVC", "style": "fullScreen"}],
}


class AuthoringTests(unittest.TestCase):
    def test_a_scenario_built_in_the_window_with_undo_and_redo(self):
        folder = tempfile.mkdtemp(prefix="rl-e2e-authoring-")
        app = App(self, os.path.join(SCENARIOS, "seed000-present.json"))
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))

        # New Scenario: the navigation stack, on iOS 13, an iPhone with a Home button.
        dialog = new_scenario(app, "A navigation stack", "iOS 13.0", "iPhone with a Home button")
        check(app, dialog, "Info.plist lists orientations", True)
        for orientation, on in [("portrait", True), ("portraitUpsideDown", False), ("landscapeLeft", True),
                                ("landscapeRight", True)]:
            check(app, dialog, f"Info.plist {orientation}", on)
        app.find(dialog, "push button", "Create").queryAction().doAction(0)
        app.wait_status(r"Step 1 of 1: launch\.")
        self.assertEqual(app.timeline(), ["1. launch → portrait"])
        self.assertFalse(app.sensitive("Undo"), "a new scenario has nothing to undo")
        app.shot("new-scenario")
        template = os.path.join(folder, "template.json")
        save_as(app, template)

        # A class, put on the stack, moved up and back down, then presented by a new step.
        give_a_name(app, "Add Class", "Add Class", "LandscapeRightVC", kind="UIViewController subclass")
        app.wait_status(r"Add Class LandscapeRightVC: no step's outcome changed\.")
        app.choose("Add Controller", "Add LandscapeRightVC under NavigationController")
        app.wait_status(r"Add Controller LandscapeRightVC: the outcome changes from step 1\.")
        caption = app.text(app.control("Selected Controller", "label"))
        self.assertEqual(caption, "Selected: LandscapeRightVC at main › stack[1]")
        app.press("Move Up")
        wait_for(lambda: app.text(app.control("Selected Controller", "label")).endswith("stack[0]"), 10, "moved up")
        app.press("Move Down")
        wait_for(lambda: app.text(app.control("Selected Controller", "label")).endswith("stack[1]"), 10, "moved down")
        app.choose("Insert Step", "Present", "Present LandscapeRightVC", "Present LandscapeRightVC (fullScreen)")
        app.wait_status(r"Step 2 of 2: present LandscapeRightVC \(fullScreen\)\.")
        app.shot("built")
        built = os.path.join(folder, "built.json")
        save_as(app, built)
        self.assert_is_expected(built)

        # Every edit undone: the template again, and nothing left to undo.
        edits = press_until_insensitive(app, self, "Undo", limit=20)
        self.assertEqual(edits, 5, "Add Class, Add Controller, Move Up, Move Down, Insert Step")
        app.wait_status(r"Step 1 of 1: launch\.")
        undone = os.path.join(folder, "undone.json")
        save_as(app, undone)
        self.assertEqual(saved(undone), saved(template))
        app.shot("undone")

        # And redone, the same app again.
        press_until_insensitive(app, self, "Redo", limit=20)
        app.wait_status(r"Step 2 of 2: present LandscapeRightVC \(fullScreen\)\.")
        redone = os.path.join(folder, "redone.json")
        save_as(app, redone)
        self.assert_is_expected(redone)
        app.shot("redone")

    def assert_is_expected(self, path):
        data = saved(path)
        for key in ("system", "classes", "window", "steps"):
            self.assertEqual(data[key], EXPECTED[key], key)
        self.assertEqual(data["app"]["infoPlist"], EXPECTED["app"]["infoPlist"])
        handle, expected_path = tempfile.mkstemp(suffix=".json")
        with os.fdopen(handle, "w") as out:
            json.dump(EXPECTED, out)
        self.assertEqual(json.loads(trace(path))["steps"], json.loads(trace(expected_path))["steps"])

    def test_seed_000s_present_experiment_built_from_new_scenario(self):
        """Seed 000's present experiment, built in the window from the navigation stack template
        as a person following the article would: the classes, their answers (the landscape
        class's mask depends on two flags, as the article's _orientationMask does), the hooks that
        set a flag and call the forcing methods, the app delegate's flag, and the steps. The saved
        file's trace is the bundled seed000-present.json's."""
        folder = tempfile.mkdtemp(prefix="rl-e2e-seed000-")
        app = App(self, os.path.join(SCENARIOS, "seed001-video-call-parent-returns-no.json"))
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        dialog = new_scenario(app, "A navigation stack", "iOS 13.0", "iPhone with a Home button")
        app.find(dialog, "push button", "Create").queryAction().doAction(0)
        app.wait_status(r"Step 1 of 1: launch\.")
        template = os.path.join(folder, "template.json")
        save_as(app, template)

        def status_after(pattern):
            app.wait_status(pattern)

        def inspect(class_name):
            select_in_combo(app, app.frame, "Inspected Class", class_name)
            wait_for(lambda: app.find(app.frame, "push button", "Rename Class") and app.sensitive("Rename Class"), 5,
                     "the class")

        def pick(combo, item):
            select_in_combo(app, app.frame, combo, item)
            app.wait_status(r"Edited:")

        def uncheck(name):
            box = app.control(name, "check box")
            if box.getState().contains(pyatspi.STATE_CHECKED):
                box.queryAction().doAction(0)
                wait_for(lambda: not app.control(name, "check box").getState().contains(pyatspi.STATE_CHECKED), 10,
                         f"{name} unchecked")

        def add_action(title, *path):
            app.choose(f"Add Action to {title}", *path)
            app.wait_status(r"Add Action")

        def answers(class_name, should, supported_in_code, preferred_depends):
            inspect(class_name)
            pick("shouldAutorotate Override", "returns")
            pick("shouldAutorotate", should)
            pick("Supported Orientations Override", "returns")
            supported_in_code()
            pick("Preferred Orientation Override", "returns")
            if preferred_depends:
                pick("Preferred Depends On", "depends on supportLandscape")
                pick("Preferred if supportLandscape", "landscapeLeft")
                pick("Preferred otherwise", "portrait")

        # The classes, named as the article names them, and its two flags.
        inspect("NavigationController")
        give_a_name(app, "Rename Class", "Rename Class", "NavVC")
        status_after(r"Rename Class NavigationController")
        give_a_name(app, "Add Class", "Add Class", "LandscapeRightVC")
        status_after(r"Add Class LandscapeRightVC")
        for flag in ("supportLandscape", "landscapeRightOnly"):
            give_a_name(app, "Add Flag", "Add Flag", flag, field="Flag Name")
            status_after(rf"Add Flag {flag}")

        # The app delegate allows landscape only while supportLandscape is set.
        app.press("Delegate Implements Window Mask", "check box")
        app.wait_status(r"Edited:")
        pick("Delegate Depends On", "depends on supportLandscape")
        uncheck("Delegate otherwise landscapeLeft")
        uncheck("Delegate otherwise landscapeRight")

        # NavVC: portrait only; ViewController: all but upside down; both prefer landscapeLeft
        # while supportLandscape is set; both override viewWillAppear: and viewWillDisappear:.
        def portrait_only():
            uncheck("Supported landscapeLeft")
            uncheck("Supported landscapeRight")

        for class_name, supported in (("NavVC", portrait_only), ("ViewController", lambda: None)):
            answers(class_name, "YES", supported, True)
            for selector in ("viewWillAppear:", "viewWillDisappear:"):
                app.choose("Add Lifecycle Method", selector)
                app.wait_status(rf"Add {selector}")

        # LandscapeRightVC: portrait until supportLandscape; then portrait and landscapeLeft, or
        # landscapeLeft alone once landscapeRightOnly is set; its forcing methods and hooks.
        def landscape_mask():
            pick("Supported Depends On", "depends on supportLandscape")
            pick("Supported if supportLandscape Depends On", "depends on landscapeRightOnly")
            uncheck("Supported if supportLandscape if landscapeRightOnly portrait")
            uncheck("Supported if supportLandscape if landscapeRightOnly landscapeRight")
            uncheck("Supported if supportLandscape otherwise landscapeRight")
            uncheck("Supported otherwise landscapeLeft")
            uncheck("Supported otherwise landscapeRight")

        answers("LandscapeRightVC", "YES", landscape_mask, True)
        for method, flag_value, orientation in (("switchToLandscapeRight", "YES", "landscapeRight"),
                                                ("switchToLandscapePortrait", "NO", "portrait")):
            give_a_name(app, "Add Method", "Add Method", method, field="Method Name")
            status_after(rf"Add Method {method}")
            title = f"method {method}"
            add_action(title, "Set Flag", f"set landscapeRightOnly = {flag_value}")
            add_action(title, "Force Orientation", "Force faceDown")
            add_action(title, "Force Orientation", f"Force {orientation}")
        for selector, flag_value, method in (("viewWillAppear:", "YES", "switchToLandscapeRight"),
                                             ("viewWillDisappear:", "NO", "switchToLandscapePortrait")):
            app.choose("Add Lifecycle Method", selector)
            app.wait_status(rf"Add {selector}")
            add_action(selector, "Set Flag", f"set supportLandscape = {flag_value}")
            add_action(selector, "Call Method", f"call {method}")

        # The steps: present it full screen, then dismiss it.
        app.choose("Insert Step", "Present", "Present LandscapeRightVC", "Present LandscapeRightVC (fullScreen)")
        app.wait_status(r"Step 2 of 2: present LandscapeRightVC \(fullScreen\)\.")
        app.choose("Insert Step", "dismiss")
        app.wait_status(r"Step 3 of 3: dismiss\.")
        app.shot("seed000-built")
        bundled = json.loads(trace(os.path.join(SCENARIOS, "seed000-present.json")))["steps"]

        def save_and_compare(name):
            path = os.path.join(folder, name)
            save_as(app, path)
            built = json.loads(trace(path))["steps"]
            self.assertEqual(len(built), len(bundled))
            for mine, theirs in zip(built, bundled):
                self.assertEqual(mine, theirs, f"{name}: step {theirs['index']} differs")

        save_and_compare("seed000-present-built.json")

        # Every edit undone, back to the template; then every one redone, the experiment again.
        # (Saving does not touch the undo history.)
        edits = press_until_insensitive(app, self, "Undo")
        self.assertGreater(edits, 40)
        app.wait_status(r"Step 1 of 1: launch\.")
        app.shot("seed000-undone")
        undone = os.path.join(folder, "undone.json")
        save_as(app, undone)
        self.assertEqual(saved(undone), saved(template))
        self.assertEqual(press_until_insensitive(app, self, "Redo"), edits)
        app.wait_status(r"Step 3 of 3: dismiss\.")
        save_and_compare("seed000-present-redone.json")

    def test_soak_random_edits(self):
        """Random edits mixed with random actions, as a person trying ideas would: steps inserted,
        changed, moved and removed from their menus, controllers added, moved and removed, classes
        added, Undo and Redo. No crash, no GTK critical warning, and what Save writes always loads.
        ROTATION_LAB_SOAK_EDITS sets how many (the test command runs 80)."""
        import random

        count = int(os.environ.get("ROTATION_LAB_SOAK_EDITS", "80"))
        rng = random.Random(20261201)
        app = App(self, os.path.join(SCENARIOS, "seed002-tab-navigation-forwarding.json"))
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        buttons = ["Rotate Left", "Rotate Right", "Pop", "Dismiss", "Step Back", "Step Forward", "Undo", "Redo",
                   "Remove Step", "Move Step Up", "Move Step Down", "Remove Controller", "Move Up", "Move Down",
                   "Set as Root", "Undo", "Undo"]
        menus = ["Insert Step", "Change Step", "Add Controller", "Push", "Present", "Add Lifecycle Method"]

        def choose_any(menu_button):
            app.press(menu_button, "toggle button")
            while True:
                items = wait_for(lambda: [n for n in pyatspi.utils.findAllDescendants(
                    app.app, lambda n: n.getRoleName() in ("menu item", "menu")
                    and n.getState().contains(pyatspi.STATE_SHOWING)
                    and n.getState().contains(pyatspi.STATE_SENSITIVE))], 10, f"the items of {menu_button}")
                # The deepest open menu's items: those of the last submenu opened.
                item = rng.choice(items[-8:])
                item.queryAction().doAction(0)
                if item.getRoleName() != "menu":
                    return

        acted = 0
        for number in range(count):
            kind = rng.random()
            if kind < 0.6:
                name = rng.choice(buttons)
                if app.sensitive(name):
                    app.control(name).queryAction().doAction(0)
                    acted += 1
            elif kind < 0.95:
                menu = rng.choice(menus)
                if app.sensitive(menu, "toggle button"):
                    choose_any(menu)
                    acted += 1
            else:
                give_a_name(app, "Add Class", "Add Class", f"Soak{number}")
                acted += 1
            discard = app.find(app.app, "push button", "Discard", visible_only=True)
            if discard is not None:
                discard.queryAction().doAction(0)
        self.assertGreater(acted, count // 3, f"only {acted} of {count} random edits found their control sensitive")
        self.assertIsNone(app.process.poll(), "the app died during the soak")
        app.shot("after-edit-soak")
        # Whatever the edits did, the session saves to a file the command line reads.
        path = os.path.join(tempfile.mkdtemp(prefix="rl-e2e-soak-"), "soaked.json")
        save_as(app, path)
        checked = subprocess.run([BINARY, "validate", path], capture_output=True, text=True, env=english())
        self.assertEqual(checked.returncode, 0, checked.stderr)

    def test_steps_are_reordered_by_dragging_their_rows(self):
        """A timeline row dragged above another moves its step, as GTK's reorderable lists do;
        a row dragged above launch is refused and the timeline stays as it was."""
        from test_app import core_trace, scenario_with_steps, timeline_row
        app = App(self, os.path.join(SCENARIOS, "seed000-present.json"))
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        app.wait_status(r"Step 3 of 3")

        def cells():
            view = app.control("Timeline", "table")
            return [cell for cell in view if cell is not None and cell.getRoleName() == "table cell"]

        def drag(row, above):
            source = cells()[row].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            target = cells()[above].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            x = source.x + source.width // 3
            start_y = source.y + source.height // 2
            subprocess.run(["xdotool", "mousemove", str(x), str(start_y), "mousedown", "1"], check=True)
            for step in range(1, 11):
                y = start_y + (target.y + 2 - start_y) * step // 10
                subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True)
                time.sleep(0.05)
            time.sleep(0.3)
            subprocess.run(["xdotool", "mouseup", "1"], check=True)

        # dismiss above present: the dismiss runs before anything is presented.
        drag(2, above=1)
        events = ["launch", "dismiss", {"present": "LandscapeRightVC", "style": "fullScreen"}]
        expected = core_trace(scenario_with_steps("seed000-present.json", events))
        wait_for(lambda: app.timeline() == [timeline_row(step) for step in expected], 10, "the moved step")
        app.wait_status(r"Move Step")
        app.shot("dragged")
        self.assertTrue(app.sensitive("Undo"))

        # Above launch: refused, and the rows are the session's again.
        drag(1, above=0)
        error = wait_for(lambda: app.text(app.control("Error Message", "label")) or None, 10, "the refusal")
        self.assertIn("launch stays the first step", error)
        wait_for(lambda: app.timeline() == [timeline_row(step) for step in expected], 10, "the rows as they were")

    def test_undo_takes_back_actions_and_the_steps_they_discarded(self):
        """Actions are undone too: two rotations taken back one by one, and an action taken at an
        earlier step (which discards the later ones) undone with those steps restored."""
        from test_app import core_trace, scenario_with_steps, timeline_row
        app = App(self, os.path.join(SCENARIOS, "seed000-present.json"))
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        app.wait_status(r"Step 3 of 3")
        start = ["launch", {"present": "LandscapeRightVC", "style": "fullScreen"}, "dismiss"]

        def rows(events):
            return [timeline_row(step) for step in core_trace(scenario_with_steps("seed000-present.json", events))]

        original = rows(start)
        self.assertEqual(app.timeline(), original)
        app.press("Rotate Right")
        app.wait_status(r"Step 4 of 4")
        app.press("Rotate Right")
        app.wait_status(r"Step 5 of 5")
        rotated = rows(start + [{"rotateDevice": "landscapeRight"}, {"rotateDevice": "portraitUpsideDown"}])
        self.assertEqual(app.timeline(), rotated)
        app.press("Undo")
        app.wait_status(r"Undone: rotate device to portraitUpsideDown\.")
        app.press("Undo")
        wait_for(lambda: app.timeline() == original, 10, "the session before the rotations")
        # Acting at step 1 discards steps 2 and 3 (after asking); Undo brings them back.
        app.press("Step Back")
        app.press("Step Back")
        app.wait_status(r"Step 1 of 3")
        app.press("Rotate Left")
        wait_for(lambda: app.find(app.app, "push button", "Discard", visible_only=True), 10, "the question") \
            .queryAction().doAction(0)
        app.wait_status(r"Step 2 of 2")
        self.assertEqual(app.timeline(), rows(["launch", {"rotateDevice": "landscapeLeft"}]))
        app.press("Undo")
        wait_for(lambda: app.timeline() == original, 10, "the discarded steps back")
        press_until_insensitive(app, self, "Redo")
        wait_for(lambda: app.timeline() == rows(["launch", {"rotateDevice": "landscapeLeft"}]), 10, "redone")

    def test_an_edit_the_tree_cannot_take_is_refused_and_the_scenario_kept(self):
        app = App(self, os.path.join(SCENARIOS, "seed000-present.json"))
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        app.wait_status(r"Step 3 of 3")
        # LandscapeRightVC is presented by step 2: removing it is refused, saying so.
        select_in_combo(app, app.frame, "Inspected Class", "LandscapeRightVC")
        app.press("Remove Class")
        error = wait_for(lambda: app.text(app.control("Error Message", "label")) or None, 10, "the refusal")
        self.assertIn("LandscapeRightVC cannot be removed while it is used: step 2", error)
        self.assertFalse(app.sensitive("Undo"), "a refused edit is not an edit")
        app.wait_status(r"Step 3 of 3")
        app.shot("refused")


if __name__ == "__main__":
    unittest.main(verbosity=2)
