import CGtk
import Dispatch
import RotationCore
import RotationImport

/// Import Project…: a folder chooser, the import on a worker thread (a large project takes a
/// moment), then the imported scenario as the session (unsaved) and its report in a window. A
/// project that cannot be imported shows why and leaves the open scenario as it was.
extension MainWindow {
  func importWithChooser() {
    confirmDiscardingChanges(action: .importingAProject) { [unowned self] in
      self.chooseFile(
        title: tr("Import an Xcode Project or an App's Folder"), save: false, folder: true, filters: []
      ) { [unowned self] path in
        if let path { self.importProject(path: path) }
      }
    }
  }

  /// Imports `path` (an `.xcodeproj`, a folder, or one file) and shows the result.
  func importProject(path: String) {
    let box = ImportBox()
    DispatchQueue.global(qos: .userInitiated).async {
      box.result = Result { () throws(ImportError) -> ImportResult in try AppImport.load(path: path) }
      _ = idle { [weak self] in
        if let self, let result = box.result { self.finishImport(path: path, result) }
        return false
      }
    }
  }

  func finishImport(path: String, _ result: Result<ImportResult, ImportError>) {
    switch result {
    case .failure(let error):
      showError(tr("Could not import the project. %s", String(describing: error)))
    case .success(let imported):
      adopt(History(scenario: imported.scenario), path: nil)
      if importReportWindow == nil { importReportWindow = ImportReportWindow(over: window) }
      importReportWindow?.present(imported.report, from: path, title: imported.scenario.title)
    }
  }

  /// Hands the worker's result to the main thread (written before the idle source is added).
  final class ImportBox: @unchecked Sendable {
    var result: Result<ImportResult, ImportError>?
  }
}
