import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { displayAmount } from '../../contract/format';
import type { PromotionBonus } from '../../contract/promotions';
import { useNearScreen } from './useNearScreen';

const Frame = styled.div`
  position: relative;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceRaised};

  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** Live text over the bottom of a picture, on a shade dark enough to read it on any artwork. */
const Caption = styled.div`
  position: absolute;
  inset: auto 0 0 0;
  display: grid;
  gap: 2px;
  padding: 24px 12px 10px;
  color: #ffffff;
  text-shadow: 0 1px 2px rgb(0 0 0 / 0.8);
  background: linear-gradient(to top, rgb(0 0 0 / 0.82), rgb(0 0 0 / 0.55) 60%, transparent);
  overflow-wrap: anywhere;
`;

interface ArtworkProps {
  src: string;
  /** The picture's own size: the frame keeps its shape before it loads, so nothing below it jumps. */
  width: number;
  height: number;
  /**
   * The first screen's pictures (the largest of them is what a phone's first paint waits for): fetched
   * at once and ahead of the rest, and preloaded from the server's HTML. Others are drawn once they
   * come near the screen (useNearScreen): until then the frame holds their place.
   */
  priority?: boolean;
  children?: ReactNode;
}

/**
 * A picture without text (game, provider or promotion artwork), with the words written over it as
 * live text in the player's language. The picture itself is decoration: its words are the caption.
 */
export function Artwork({ src, width, height, priority = false, children }: ArtworkProps) {
  const [frameRef, near] = useNearScreen<HTMLDivElement>(!priority);
  return (
    <Frame ref={frameRef} style={{ aspectRatio: `${width} / ${height}` }}>
      {priority ? (
        <img src={src} alt="" width={width} height={height} fetchPriority="high" />
      ) : (
        near && <img src={src} alt="" width={width} height={height} decoding="async" />
      )}
      {children !== undefined && <Caption>{children}</Caption>}
    </Frame>
  );
}

const Figure = styled.strong`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.primary};
`;

/** A promotion's bonus as headline text for its picture: "+50,00 ບາດ", or "100%" over "ສູງສຸດ 1.000,00 ບາດ". */
export function BonusHeadline({ bonus }: { bonus: PromotionBonus }) {
  const { t } = useTranslation('promotion');
  if (bonus.kind === 'FIXED') return <Figure>{t('art.fixed', { amount: displayAmount(bonus.amount) })}</Figure>;
  return (
    <>
      <Figure>{t('art.percent', { percent: bonus.percent })}</Figure>
      <span>{t('art.cap', { cap: displayAmount(bonus.cap) })}</span>
    </>
  );
}
