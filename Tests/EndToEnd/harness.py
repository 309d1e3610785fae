"""The harness of the end-to-end window tests: the running app as a person sees it (`App`, found
through AT-SPI), the core's own answers to hold the window against, and the test case the window
suites share (`WindowTestCase`). test_app.py, test_desktop.py, test_language.py and
test_authoring.py import it; Tests/EndToEnd/run starts them.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

import warnings

import pyatspi

warnings.simplefilter("ignore", DeprecationWarning)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("ROTATION_LAB_BINARY", os.path.join(ROOT, ".build", "debug", "rotation-lab"))
SCENARIOS = os.path.join(ROOT, "Assets", "scenarios")
SHOTS = os.environ.get("ROTATION_LAB_E2E_SHOTS", os.path.join(ROOT, ".build", "e2e-screenshots"))
SIGNATURE = re.compile(r"[-+]\[[^\]]+\]")


# The controls that live as long as the window (the header bar, the action bar, the edit bars,
# the panels; not the inspector's, which it makes again): a test may keep what it found of them
# (`App.find`).
LASTING = {
    "Rotation Lab", "Main Menu", "Step Back", "Step Forward", "Undo", "Redo", "Step Status", "Reason",
    "Call Order", "Timeline", "Controller Tree", "Error Message", "Rotate Left", "Rotate Right",
    "Device Orientation", "Push", "Pop", "Present", "Dismiss", "Select Tab", "Force Orientation",
    "Attempt Rotation", "Orientation Lock", "Insert Step", "Insert Step Before", "Change Step", "Remove Step",
    "Move Step Up", "Move Step Down", "Add Controller", "Remove Controller", "Move Up", "Move Down",
    "Set as Root",
}


# What GTK's accessibility bridge logs when this test's AT-SPI client asks about a widget in the
# very moment the window destroys it (a timeline cell as its row is rebuilt): the client's race,
# not the app's code, so `App.close` leaves these two lines out of what the tests read.
RACED_QUERY = re.compile(
    r"Atk-CRITICAL .*atk_object_ref_state_set: assertion 'ATK_IS_OBJECT \(accessible\)' failed"
    r"|Gtk-CRITICAL .*gtk_accessible_get_widget: assertion 'GTK_IS_ACCESSIBLE \(accessible\)' failed")


def solo(test):
    """Marks a test that measures time (a launch's first frame): Tests/EndToEnd/shards.py runs it
    alone, after the shards that run side by side, so another window's work cannot slow it."""
    return test


def _roles():
    """Each AT-SPI role by the name the tests use ("push button"): comparing a node's role, which
    the client caches, costs no round trip to the app, where its role name does."""
    from gi.repository import Atspi
    roles = {}
    for number in range(256):
        try:
            role = Atspi.Role(number)
        except ValueError:
            continue
        if Atspi.role_get_name(role):
            roles[Atspi.role_get_name(role)] = role
    return roles


ROLES = _roles()


def wait_for(predicate, timeout=10.0, what="a condition"):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            last = predicate()
            if last:
                return last
        except Exception as error:  # the accessible tree changes under us while the app updates
            last = error
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")


def scenario_with_steps(name, steps, change=None):
    """A bundled scenario with other steps (and optionally another change), written to a temp file."""
    with open(os.path.join(SCENARIOS, name)) as handle:
        data = json.load(handle)
    data["steps"] = steps
    # The file's expectations are about its own steps.
    data.pop("expect", None)
    if change:
        change(data)
    handle, path = tempfile.mkstemp(suffix=".json", prefix="rl-e2e-")
    with os.fdopen(handle, "w") as out:
        json.dump(data, out)
    return path


def english(environment=None):
    """The environment of a run in English whatever the machine's locale, with `environment` over it."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "C.UTF-8"
    env.update(environment or {})
    return env


def core_trace(path, environment=None):
    """What the core says of a scenario: `rotation-lab trace --json`."""
    output = subprocess.run(
        [BINARY, "trace", path, "--json"], check=True, capture_output=True, env=english(environment)).stdout
    return json.loads(output)["steps"]


def timeline_row(step):
    """The timeline's text for a traced step."""
    text = f"{step['index']}. {step['label']} → {step['interfaceOrientation']}"
    if step.get("exception"):
        text += "  ✖ exception"
    if step["status"] == "notRun":
        text += "  (not run)"
    return text


class App:
    """The running window and the helpers a person's hands and eyes stand for."""

    def __init__(self, test, path, extra=(), environment=None, loads=True, say=None):
        self.test = test
        self.found = {}
        # The names the window shows, from their English (a catalogue under another language).
        self.say = say or (lambda english: english)
        self.lasting = set()
        for lasting in LASTING:
            try:
                self.lasting.add(self.say(lasting))
            except AssertionError:  # a catalogue that does not translate it: not kept
                pass
        self.home = tempfile.mkdtemp(prefix="rl-e2e-home-")
        env = english(dict(XDG_DATA_HOME=self.home, XDG_CONFIG_HOME=self.home, GTK_USE_PORTAL="0"))
        env.update(environment or {})
        self.process = subprocess.Popen([BINARY, *extra, path], env=env, stderr=subprocess.PIPE, text=True)
        try:
            self.app = wait_for(self._find_app, 30, "the rotation-lab application on the accessibility bus")
        except AssertionError:
            status = self.process.poll()
            self.process.kill()
            raise AssertionError(f"the app did not appear (exit status {status}): {self.process.stderr.read()}")
        try:
            self.frame = wait_for(lambda: self.find(self.app, "frame", "Rotation Lab"), 10, "the window")
            if loads:  # else the file is expected not to load, and there is no step to show
                wait_for(lambda: self.status(), 10, "the step's status")
        except AssertionError:
            # A window left running would take over every later launch (one instance per session).
            self.process.kill()
            self.process.wait()
            raise
        # The panels around the device arrive right after the first frame.
        self.control(self.say("Rotate Right"))
        self.shot_index = 0

    def _find_app(self):
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == "rotation-lab" and self._pid(app) == self.process.pid:
                return app
        return None

    @staticmethod
    def _pid(app):
        try:
            return app.get_process_id()
        except Exception:
            return None

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        errors = self.process.stderr.read() if self.process.stderr else ""
        if self.process.stderr:
            self.process.stderr.close()
        shutil.rmtree(self.home, ignore_errors=True)
        return "\n".join(line for line in errors.split("\n") if not RACED_QUERY.search(line))

    # Finding.
    def find(self, root, role, name, visible_only=False):
        """The first node under `root` with that role and name (and showing, if asked). A walk of
        the accessible tree costs hundreds of D-Bus calls, so a node found is kept and, asked for
        again, only checked: still alive, still of that role and name (and showing)."""
        wanted = ROLES[role]

        def matches(node):
            try:
                # The name and the role from the client's cache first; the state asks the app.
                if node.name != name or node.getRole() != wanted:
                    return False
                state = node.getState()
                if state.contains(pyatspi.STATE_DEFUNCT):
                    return False
                return not visible_only or state.contains(pyatspi.STATE_SHOWING)
            except Exception:
                return False

        # Only the window's lasting controls are kept: asking a destroyed widget's accessible (an
        # inspector value, a menu item made again) makes GTK log a critical warning.
        key = (id(root), role, name, visible_only)
        cached = self.found.get(key)
        if cached is not None and matches(cached):
            return cached
        node = pyatspi.utils.findDescendant(root, matches, breadth_first=True)
        if node is not None and name in self.lasting:
            self.found[key] = node
        return node

    def control(self, name, role="push button"):
        return wait_for(lambda: self.find(self.frame, role, name), 10, f"{role} '{name}'")

    def text(self, node):
        text = node.queryText()
        return text.getText(0, text.characterCount)

    # Reading.
    def status(self):
        return self.text(self.control(self.say("Step Status"), "label"))

    def wait_status(self, pattern, timeout=10):
        return wait_for(lambda: re.search(pattern, self.status()) and self.status(), timeout, f"status /{pattern}/")

    def calls(self):
        listing = self.control(self.say("Call Order"), "list box")
        lines = []
        for row in listing:
            for child in row:
                if child is not None and child.getRoleName() == "label":
                    lines.append(child.name)
        return lines

    def signatures(self):
        return [m.group(0) for line in self.calls() for m in [SIGNATURE.search(line)] if m and not line.startswith("notification")]

    def timeline(self):
        view = self.control(self.say("Timeline"), "table")
        return [cell.name for cell in view if cell is not None and cell.getRoleName() == "table cell"]

    def sensitive(self, name, role="push button"):
        return self.control(name, role).getState().contains(pyatspi.STATE_SENSITIVE)

    # Acting.
    def press(self, name, role="push button"):
        node = self.control(name, role)
        self.test.assertTrue(node.getState().contains(pyatspi.STATE_SENSITIVE), f"'{name}' is insensitive")
        node.queryAction().doAction(0)

    def choose(self, menu_button, *path):
        """Opens a menu button's menu and activates an item; earlier names in `path` are the
        submenus to open on the way, as a person would hover them."""
        self.press(menu_button, "toggle button")
        for position, item in enumerate(path):
            # A menu item that opens a submenu has the role "menu".
            role = "menu" if position < len(path) - 1 else "menu item"
            entry = wait_for(lambda: self.find(self.app, role, item, visible_only=True), 10, f"{role} '{item}'")
            entry.queryAction().doAction(0)

    def save_through_chooser(self, title, path, suggested_suffix=".png"):
        """Types `path` into the save chooser titled `title` (it opens with a suggested name ending
        in `suggested_suffix`) and presses Save."""
        chooser = wait_for(lambda: self.find(self.app, "file chooser", title), 10, f"the chooser '{title}'")

        def name_field():
            def is_name(node):
                try:
                    return (
                        node.getRoleName() == "text"
                        and node.getState().contains(pyatspi.STATE_SHOWING)
                        and self.text(node).endswith(suggested_suffix)
                    )
                except Exception:
                    return False

            return pyatspi.utils.findDescendant(chooser, is_name, breadth_first=True)

        field = wait_for(name_field, 10, "the chooser's name field with the suggested file name")
        suggested = self.text(field)
        field.queryEditableText().setTextContents(path)
        wait_for(lambda: self.find(chooser, "push button", "Save", visible_only=True), 10, "Save").queryAction().doAction(0)
        return suggested

    def shot(self, stage):
        os.makedirs(SHOTS, exist_ok=True)
        self.shot_index += 1
        name = f"{self.test.id().split('.')[-1]}-{self.shot_index:02d}-{stage}.png"
        time.sleep(0.8)  # let the rotation animation finish
        path = os.path.join(SHOTS, name)
        subprocess.run(["import", "-window", "root", path], check=False)
        return path


def setUpModule():
    # The accessibility bus starts with the D-Bus session; make sure its registry answers before
    # the first app registers with it.
    wait_for(lambda: pyatspi.Registry.getDesktop(0) is not None, 20, "the AT-SPI registry")
    time.sleep(1)


class WindowTestCase(unittest.TestCase):
    def start(self, path, extra=(), environment=None, loads=True):
        app = App(self, path, extra, environment, loads)
        self.addCleanup(self._close, app)
        return app

    def _close(self, app):
        errors = app.close()
        self.assertNotIn("CRITICAL", errors, errors)

    def assert_same_as_command_line(self, exported, arguments):
        """The file the window wrote equals what `rotation-lab ARGUMENTS PATH` writes."""
        wait_for(lambda: os.path.exists(exported), 10, "the file the window exports")
        reference = exported + ".from-cli" + os.path.splitext(exported)[1]
        subprocess.run([BINARY, *arguments, reference], check=True, capture_output=True, env=english())
        with open(exported, "rb") as a, open(reference, "rb") as b:
            self.assertEqual(a.read(), b.read(), f"the window's file differs from rotation-lab {arguments[0]}")

    def assert_shows(self, app, expected, index, total):
        """The window shows step `index` as the core traced it: orientations and call order."""
        step = expected[index - 1]
        status = app.wait_status(rf"Step {index} of {total}:")
        self.assertIn(f"Device {step['deviceOrientation']}, interface {step['interfaceOrientation']}.", status)
        wanted = [SIGNATURE.search(f"-[{c['receiver']} {c['selector']}]").group(0) for c in step["calls"]]
        wanted = [("+" + w[1:]) if "attemptRotationToDeviceOrientation" in w else w for w in wanted]
        self.assertEqual(app.signatures(), wanted)
        # The timeline lists every step of the session as the core made it (rows are kept across
        # steps and rewritten from the first changed one, so a stale row would show here).
        self.assertEqual(len(expected), total, "the core traced another number of steps than the window shows")
        self.assertEqual(app.timeline(), [timeline_row(s) for s in expected])


class DconfWrites:
    """Counts the writes the app asks of dconf (GSETTINGS_BACKEND=dconf, as on a GNOME desktop):
    each is one call of ca.desrt.dconf.Writer's Change on the session bus, seen by dbus-monitor."""

    def __init__(self):
        self.monitor = subprocess.Popen(
            ["dbus-monitor", "--session", "type='method_call',interface='ca.desrt.dconf.Writer',member='Change'"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        # dbus-monitor prints its own NameAcquired signal once it listens.
        wait_for(lambda: "NameAcquired" in self.monitor.stdout.readline(), 10, "dbus-monitor to listen")

    def stop(self):
        """The number of writes seen so far; the monitor stops."""
        self.monitor.terminate()
        output = self.monitor.communicate(timeout=10)[0]
        return sum(1 for line in output.splitlines() if line.startswith("method call") and "member=Change" in line)


def count_node_boxes(path, area):
    """How many of the tree's node boxes a screenshot shows whole inside `area`. A box is a
    rounded rectangle about 200 px wide: its top and bottom borders are rows with a long run of
    non-background pixels (text and connectors make only short runs); the deciding controller's
    box is filled, a thick band of such rows. A box cut by the area's edge shows one border, and
    counts for none."""
    raw = subprocess.run(
        ["convert", path, "-crop", f"{area.width}x{area.height}+{area.x}+{area.y}", "+repage", "-depth", "8", "rgb:-"],
        check=True, capture_output=True).stdout
    width = area.width
    background = raw[0:3]
    rows = []
    for y in range(area.height):
        line = raw[y * width * 3:(y + 1) * width * 3]
        longest = run = 0
        for x in range(width):
            pixel = line[x * 3:x * 3 + 3]
            # A hidden controller's box is drawn faint: a few levels from the background count.
            run = run + 1 if abs(sum(pixel) - sum(background)) > 12 else 0
            longest = max(longest, run)
        # As wide as the area: the scroller's own frame, not a box.
        rows.append(120 <= longest < width - 8)
    bands, start = [], None
    for y, long_run in enumerate(rows + [False]):
        if long_run and start is None:
            start = y
        elif not long_run and start is not None:
            bands.append(y - start)
            start = None
    thin = sum(1 for height in bands if height <= 5)
    thick = sum(1 for height in bands if height >= 30)
    return thin // 2 + thick


def x_window(app):
    """The app's main window's X id, for xdotool (there is no window manager under Xvfb)."""
    return subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
                          capture_output=True, text=True).stdout.split()[0]


def laptop_size(app):
    """The window made 1280×768, a 1280×800 laptop's work area (GNOME's top bar takes 32 px):
    its frame and extents once it has that size."""
    subprocess.run(["xdotool", "windowsize", x_window(app), "1280", "768"], check=True)
    frame = wait_for(lambda: main_frame(app), 10, "the window")
    wait_for(lambda: frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).height <= 768, 10, "the new size")
    time.sleep(0.5)
    return frame, frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)


def main_frame(app):
    """The app's main window, as AT-SPI lists it."""
    for child in app.app:
        if child is not None and child.getRoleName() == "frame" and child.getState().contains(pyatspi.STATE_SHOWING):
            return child
    return None


def luminance_at(path, x, y):
    """The luminance (0–1) of one pixel of a screenshot, read by ImageMagick."""
    output = subprocess.run(
        ["convert", path, "-crop", f"1x1+{x}+{y}", "-format", "%[fx:luminance]", "info:"],
        check=True, capture_output=True, text=True).stdout
    return float(output.strip())


def darkest_or_lightest(path, box, light):
    """The lightest (or darkest) luminance inside a box of a screenshot: a text's ink."""
    statistic = "maxima" if light else "minima"
    output = subprocess.run(
        ["convert", path, "-crop", f"{box.width}x{box.height}+{box.x}+{box.y}", "-colorspace", "Gray",
         "-format", f"%[fx:{statistic}]", "info:"],
        check=True, capture_output=True, text=True).stdout
    return float(output.strip())


def import_through_chooser(app, name):
    """Import Project… from the main menu, and the folder `name` in its chooser."""
    app.choose("Main Menu", "Import Project…")
    chooser = wait_for(
        lambda: app.find(app.app, "file chooser", "Import an Xcode Project or an App's Folder"), 10, "the folder chooser")
    choose_folder_in_chooser(app, chooser, name)


def choose_folder_in_chooser(app, chooser, name):
    """Opens the folder `name` in the chooser's file list (the chooser starts in the open
    scenario's folder), as a person's double click would, and presses Import: the folder the
    chooser shows is the one imported."""
    def row():
        return pyatspi.utils.findDescendant(
            chooser, lambda n: n.getRoleName() == "table cell" and n.name == name
            and n.getState().contains(pyatspi.STATE_SHOWING), breadth_first=True)

    cell = wait_for(row, 10, f"the row '{name}'")
    action = cell.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    action.doAction(names.index("activate"))
    # The path bar now ends in the folder.
    wait_for(lambda: app.find(chooser, "toggle button", name, visible_only=True), 10, f"the path bar at '{name}'")
    button = wait_for(lambda: app.find(chooser, "push button", "Import", visible_only=True), 10, "Import")
    button.queryAction().doAction(0)
