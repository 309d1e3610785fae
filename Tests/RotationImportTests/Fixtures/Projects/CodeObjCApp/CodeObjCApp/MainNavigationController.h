#import <UIKit/UIKit.h>

@interface MainNavigationController : UINavigationController
@end
