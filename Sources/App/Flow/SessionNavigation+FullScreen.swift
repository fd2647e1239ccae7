import Foundation
import Presentation

/// What `SessionNavigation` asks of the full-screen session beyond its pushes (`pop` is the
/// session's own): the screen on top, and leaving a list that found nothing.
extension FullScreenFlowCoordinator {
    var screenOnTop: AnyObject? { screens.top }

    func leaveEmptyList(_ screen: AnyObject, saying message: String) {
        if screens.top === screen { pop() }
        report(message)
    }
}
